import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { marks } from '../../entities/exam/format';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { chapterMenuQuery, type ChapterProgress } from '../../entities/practice/api';
import { bestByName } from '../../entities/exam-center/format';
import { modeHistoryQuery, openQuery, type OpenSession, sessionPath } from '../../entities/exam-center/api';
import { modeRow } from '../../entities/exam-center/hub';
import { useStartMode } from '../../entities/exam-center/use-start';
import styles from './exam-center.module.css';

const MODE = 'evaluationChapter';

/** The name the server gives a chapter's 测评 (`<title>·<chapter>`): how history and open sessions are matched to chapters. */
export const evaluationName = (chapter: string): string => `${modeRow(MODE).title}·${chapter}`;

/**
 * /evaluationChapter (章节测评): the chapter tree with each chapter's best 测评 score (history of the mode);
 * a tap draws a scored test of that chapter and its sub-chapters (20 questions, unanswered first) → the
 * simulator; a chapter with a 测评 not yet handed in continues it.
 */
export default function EvaluationChapterScreen() {
  return <SubjectPage title={modeRow(MODE).title}>{(subject) => <Chapters subject={subject} />}</SubjectPage>;
}

function Chapters({ subject }: { subject: SelectedSubject }) {
  const row = modeRow(MODE);
  const menu = useQuery(chapterMenuQuery(subject.AppID));
  const history = useQuery(modeHistoryQuery(subject.AppID, MODE));
  const open = useQuery(openQuery(subject.AppID));
  const starter = useStartMode(subject);
  const navigate = useNavigate();
  const state = queryState(menu, subject, { feature: row.title });
  if (state) return state;
  const list = menu.data!.list;
  const best = bestByName(history.data ?? []);
  const openOf = new Map((open.data?.list ?? []).filter((s) => s.testMode === MODE).map((s) => [s.name, s] as const));
  const children = new Map<number | null, ChapterProgress[]>();
  for (const c of [...list].sort((a, b) => a.order - b.order)) children.set(c.parentID, [...(children.get(c.parentID) ?? []), c]);
  const tap = (c: ChapterProgress) => {
    // Beyond the trial: the buy prompt at once (the server would refuse the start the same way).
    if (c.locked) return starter.showDenied(menu.data!.unlocking);
    const o = openOf.get(evaluationName(c.name));
    if (o) void navigate(sessionPath(o));
    else starter.start({ testMode: MODE, key: c.cptID });
  };
  const rows = (parent: number | null, depth: number): ReactNode[] =>
    (children.get(parent) ?? []).flatMap((c) => [
      <li key={c.cptID}>
        <ChapterRow c={c} depth={depth} best={best.get(evaluationName(c.name))} open={openOf.get(evaluationName(c.name))} busy={starter.busy} onTap={() => tap(c)} />
      </li>,
      ...rows(c.cptID, depth + 1),
    ]);
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{`选择章节开始测评：每次抽${row.draw?.count ?? 20}题（不足则全部），没做过的题优先，${row.timing}，${row.scoring}。`}</p>
      {history.isError ? <p className={styles.muted}>测评成绩暂时无法显示。</p> : null}
      {list.length === 0 ? (
        <StateMessage text="内容更新中，敬请期待～" />
      ) : (
        <section className={styles.card} aria-label="章节">
          <ul className={styles.chapters}>{rows(null, 0)}</ul>
        </section>
      )}
      <button type="button" className={styles.secondary} onClick={() => void navigate(`/examHistory?appID=${subject.AppID}&testMode=${MODE}`)}>
        测评记录
      </button>
      {starter.prompt}
    </div>
  );
}

function ChapterRow({
  c,
  depth,
  best,
  open,
  busy,
  onTap,
}: {
  c: ChapterProgress;
  depth: number;
  best?: { score: number; total: number; attempts: number };
  open?: OpenSession;
  busy: boolean;
  onTap: () => void;
}) {
  const passed = best ? best.score >= Math.ceil(best.total * 0.6) : false;
  return (
    <button
      type="button"
      className={styles.chapterRow}
      style={{ paddingLeft: 4 + depth * 16 }}
      disabled={c.total === 0 || busy}
      onClick={onTap}
      aria-label={`${c.name}，${c.locked ? '需开通' : open ? '测评未交卷' : best ? `最高${marks(best.score)}分` : '未测评'}`}
    >
      <span className={depth === 0 ? `${styles.chapterName} ${styles.chapterTop}` : styles.chapterName}>{c.name}</span>
      <span className={styles.chapterMeta}>
        {c.locked ? (
          '需开通'
        ) : open ? (
          <span className={styles.best}>继续测评</span>
        ) : best ? (
          <span className={passed ? styles.best : styles.bestFail}>{`最高 ${marks(best.score)}/${marks(best.total)}分`}</span>
        ) : (
          '未测评'
        )}
        <br />
        {`${c.total}题`}
      </span>
    </button>
  );
}
