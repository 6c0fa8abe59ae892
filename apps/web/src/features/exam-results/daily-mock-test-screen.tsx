import { useQuery } from '@tanstack/react-query';
import { DAILY_MODULE } from '@kaoshi/contract';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { moduleGridQuery } from '../home/home-data';
import { computerPaperPath, formatDate, historyQuery, marks } from './exam-data';
import { ExamDenied, ExamPage, examQueryState } from './exam-ui';
import styles from './exam-results.module.css';

const sameDay = (iso: string, now: Date): boolean => {
  const d = new Date(iso);
  return d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
};

/** /dailyMockTest (每日一练): today's daily test as one card → the simulator; gated by the module 'daily'. */
export default function DailyMockTestScreen() {
  return <ExamPage title="每日一练">{(subject) => <DailyCard subject={subject} />}</ExamPage>;
}

function DailyCard({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const grid = useQuery(moduleGridQuery(subject));
  const history = useQuery(historyQuery(subject.AppID, null));
  const mod = grid.data?.modules.find((m) => m.id === DAILY_MODULE);
  if (mod && !mod.allowed) return <ExamDenied versions={mod.unlocking} currentName={versionBadge(subject)} feature="每日一练" />;
  const state = examQueryState(history, subject, '每日一练');
  if (state) return state;
  const now = new Date();
  const today = history.data!.list.filter((h) => h.paperID === null && sameDay(h.handedAt, now));
  const latest = today[0];
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label="今日测试">
        <h2 className={styles.cardTitle}>{`今日测试 · ${formatDate(now.toISOString()).slice(0, 10)}`}</h2>
        <p className={styles.muted}>{`${subject.AppName}：每天一套新题，限时作答，交卷后查看成绩与解析。`}</p>
        {latest ? (
          <p className={styles.dailyDone} data-testid="daily-done">
            {`今日已完成 · ${marks(latest.score)}/${marks(latest.total)}分 · ${latest.passed ? '合格' : '不合格'}`}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => void navigate(computerPaperPath(null))}>
            {latest ? '再做一次' : '开始今日测试'}
          </button>
          {latest ? (
            <button type="button" className={styles.secondary} onClick={() => void navigate(`/examResult?examHistoryID=${latest.examHistoryID}`)}>
              查看今日成绩
            </button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
