import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { CbtSteps } from '../../ui/guide-text';
import { useStartMode } from '../../entities/exam-center/use-start';
import { moduleGridQuery } from '../../entities/home/api';
import { Denied, queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { formatLimit, marks } from '../../entities/exam/format';
import { listKind, paperGroups, paperListOf, type PaperListRow } from '../../entities/exam/papers';
import { papersQuery, type PaperRow } from '../../entities/exam/api';
import styles from './exam-results.module.css';
import papersCss from './paper-list.module.css';

/**
 * The paper lists, one screen for every `paper` row of TEST_MODES: /mockExam, /renjilist (with 机考操作说明),
 * /realPapertest (by year), /newLnjtMnsj, /ytmj, /BurningExam, /secretVolumeWay. A paper starts with the
 * row's testMode (the server checks the row's module and that the paper is the row's; with an open session of
 * the paper it answers that one: 继续考试) → /computerPaper.
 * /mnkcNew has its exam room (features/exam-center/exam-room-screen.tsx) over the same list.
 */
export default function PaperListScreen() {
  const { pathname } = useLocation();
  const row = paperListOf(pathname);
  return <SubjectPage title={row.title}>{(subject) => <PaperList subject={subject} row={row} />}</SubjectPage>;
}

function PaperList({ subject, row }: { subject: SelectedSubject; row: PaperListRow }) {
  const papers = useQuery(papersQuery(subject.AppID, listKind(row)));
  const grid = useQuery(moduleGridQuery(subject));
  const navigate = useNavigate();
  const starter = useStartMode(subject);
  // The row's module as the home grid decided it: closed → the buy prompt at once (the server's start checks too).
  const mod = row.mode.module ? grid.data?.modules.find((m) => m.id === row.mode.module) : undefined;
  if (mod && !mod.allowed) return <Denied versions={mod.unlocking} currentName={versionBadge(subject)} feature={row.title} />;
  const state = queryState(papers, subject, { feature: row.title });
  if (state) return state;
  const groups = paperGroups(row, papers.data!.list);
  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>{`${subject.AppName} · 交卷后查看成绩与解析`}</p>
        <button type="button" className={styles.link} onClick={() => void navigate(`/examHistory?appID=${subject.AppID}&testMode=${row.mode.id}`)}>
          考试记录
        </button>
      </div>
      {row.mode.id === 'renjilist' ? (
        <details className={styles.card}>
          <summary className={styles.cardTitle}>机考操作说明</summary>
          <CbtSteps />
        </details>
      ) : null}
      {groups.length === 0 ? <StateMessage text={row.empty} /> : null}
      {groups.map((g) => (
        <section key={g.title ?? 'all'} className={papersCss.group} aria-label={g.title ?? row.title}>
          {g.title ? <h2 className={styles.sectionTitle}>{g.title}</h2> : null}
          <ul className={styles.list}>
            {g.papers.map((p) => (
              <PaperCard key={p.paperID} p={p} appID={subject.AppID} busy={starter.busy} onStart={() => starter.start({ testMode: row.mode.id, paperID: p.paperID })} />
            ))}
          </ul>
        </section>
      ))}
      {starter.prompt}
    </div>
  );
}

export function PaperCard({ p, appID, busy, onStart, startText }: { p: PaperRow; appID: number; busy: boolean; onStart: () => void; startText?: string }) {
  const navigate = useNavigate();
  return (
    <li className={papersCss.paperCard} aria-label={p.name}>
      <h3 className={styles.rowTitle}>{p.name}</h3>
      <p className={styles.muted}>{`${p.questionCount}题 · 限时${formatLimit(p.timeLimitSeconds)} · 及格线${marks(p.passScore)}/${marks(p.totalScore)}分`}</p>
      <p className={styles.muted} data-testid="mine">
        {p.attempts > 0 ? `已考${p.attempts}次 · 最高${marks(p.best ?? 0)}分` : '还没有考过'}
      </p>
      <div className={papersCss.cardActions}>
        {p.attempts > 0 ? (
          <button type="button" className={styles.secondarySmall} onClick={() => void navigate(`/examHistory?appID=${appID}&paperID=${p.paperID}`)}>
            成绩记录
          </button>
        ) : null}
        <button type="button" className={styles.primarySmall} disabled={busy} onClick={onStart}>
          {p.open ? '继续考试' : (startText ?? '开始考试')}
        </button>
      </div>
    </li>
  );
}
