import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { confirm } from '../../ui/dialogs';
import { Denied } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { moduleGridQuery } from '../../entities/home/api';
import { BlueprintCard } from './blueprint-card';
import { blueprintQuery, openQuery, sessionPath } from '../../entities/exam-center/api';
import { formatRemaining } from '../../entities/exam-center/format';
import { modeRow } from '../../entities/exam-center/hub';
import { useStartMode } from '../../entities/exam-center/use-start';
import styles from './exam-center.module.css';

const MODE = 'mockTest';
export const RESTART_CONFIRM = '重新组卷后，未交卷的这套试卷将作废（记为已放弃），确定重新组卷吗？';

/**
 * /mockTest (随机组卷): the structure a drawn paper follows (the subject's blueprint), 开始组卷 → a fresh
 * set drawn by the server → /computerPaper; an open drawn paper → 继续作答 or 重新组卷 (restart: the old one
 * is abandoned).
 */
export default function MockTestScreen() {
  return <SubjectPage title={modeRow(MODE).title}>{(subject) => <MockTest subject={subject} />}</SubjectPage>;
}

function MockTest({ subject }: { subject: SelectedSubject }) {
  const row = modeRow(MODE);
  const navigate = useNavigate();
  const bp = useQuery(blueprintQuery(subject.AppID));
  const open = useQuery(openQuery(subject.AppID));
  const starter = useStartMode(subject);
  const grid = useQuery(moduleGridQuery(subject));
  const mine = open.data?.list.find((s) => s.testMode === MODE);
  // The row's module as the home grid decided it: closed → the buy prompt at once (the server's start checks too).
  const mod = grid.data?.modules.find((m) => m.id === row.module);
  if (mod && !mod.allowed) return <Denied versions={mod.unlocking} currentName={versionBadge(subject)} feature={row.title} />;
  const restart = async () => {
    if (await confirm({ title: '重新组卷', content: RESTART_CONFIRM, confirmText: '重新组卷' })) starter.start({ testMode: MODE, restart: true });
  };
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label={row.title}>
        <h2 className={styles.cardTitle}>{row.title}</h2>
        <p className={styles.muted}>{`${row.blurb}：题型与题量按正式考试结构，每次抽到的题目都不同。`}</p>
        <p className={styles.muted}>{`计时：${row.timing}；计分：${row.scoring}。`}</p>
        {mine ? (
          <>
            <p className={styles.muted} data-testid="open-draw">
              {`你有一套未交卷的随机试卷 · 已答${mine.answered}/${mine.total}题 · 剩余 ${formatRemaining(mine.remainingSeconds)}`}
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} disabled={starter.busy} onClick={() => void restart()}>
                重新组卷
              </button>
              <button type="button" className={styles.primary} onClick={() => void navigate(sessionPath(mine))}>
                继续作答
              </button>
            </div>
          </>
        ) : (
          <div className={styles.actions}>
            <button type="button" className={styles.primary} disabled={starter.busy || open.isPending} onClick={() => starter.start({ testMode: MODE })}>
              {starter.busy ? '正在组卷…' : '开始组卷'}
            </button>
          </div>
        )}
      </section>
      {bp.data ? <BlueprintCard bp={bp.data} drawn title="本卷结构" /> : bp.isError ? <p className={styles.muted}>试卷结构暂时无法显示，可直接开始组卷。</p> : null}
      <button type="button" className={styles.secondary} onClick={() => void navigate(`/examHistory?appID=${subject.AppID}&testMode=${MODE}`)}>
        随机组卷记录
      </button>
      {starter.prompt}
    </div>
  );
}
