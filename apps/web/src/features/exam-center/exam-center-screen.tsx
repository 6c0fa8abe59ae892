import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { errorText } from '../../lib/error-text';
import { historyQuery } from '../../entities/exam/api';
import { StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { moduleGridQuery } from '../../entities/home/api';
import { formatRemaining, modeTitle } from '../../entities/exam-center/format';
import { hubGroups } from '../../entities/exam-center/hub';
import { openQuery, type OpenSession, sessionPath } from '../../entities/exam-center/api';
import { useStartMode } from '../../entities/exam-center/use-start';
import styles from './exam-center.module.css';

/** The score trend, loaded when shown: chart.js stays out of this screen's chunk (docs/web-shell.md "Charts"). */
const ScoreChart = lazy(() => import('../../entities/exam/score-chart').then((m) => ({ default: m.ScoreChart })));

/**
 * /exam (考试中心): every test mode the learner's version offers, grouped (考试 / 练习 / 冲刺 / 智能), a lock on
 * the rows the learner has not bought (→ the buy prompt), the open sessions to continue, and 考试记录 with the
 * score trend of every attempt (mixed papers: the usual 60 % line, as /examHistory draws it).
 */
export default function ExamCenterScreen() {
  return <SubjectPage title="考试中心">{(subject) => <Hub subject={subject} />}</SubjectPage>;
}

function Hub({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const grid = useQuery(moduleGridQuery(subject));
  const starter = useStartMode(subject);
  if (!grid.data) {
    if (grid.isError) return <StateMessage text={errorText(grid.error)} onRetry={() => void grid.refetch()} />;
    return <StateMessage text="加载中…" />;
  }
  const groups = hubGroups(grid.data.modules);
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{`${subject.AppName} · ${versionBadge(subject)}`}</p>
      <OpenBlock appID={subject.AppID} />
      {groups.map((g) => (
        <section key={g.title} className={styles.group} aria-label={g.title}>
          <h2 className={styles.groupTitle}>{g.title}</h2>
          <ul className={styles.tiles}>
            {g.rows.map(({ row, access }) => (
              <li key={row.id}>
                <button
                  type="button"
                  className={styles.tile}
                  // The name holds everything the tile shows (WCAG label in name), and whether it is open.
                  aria-label={`${row.title}${access.state === 'locked' ? '（未开通）' : ''} ${row.blurb}`}
                  onClick={() => (access.state === 'locked' ? starter.showDenied(access.unlocking) : void navigate(row.route))}
                >
                  <span className={styles.tileTitle}>
                    {row.title}
                    {access.state === 'locked' ? <LockIcon /> : null}
                  </span>
                  <span className={styles.tileBlurb}>{row.blurb}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Records appID={subject.AppID} />
      {starter.prompt}
    </div>
  );
}

/** 考试记录: the latest trend of every attempt (when there are any) and the way to the full history. */
function Records({ appID }: { appID: number }) {
  const navigate = useNavigate();
  const history = useQuery(historyQuery(appID, null));
  const trend = history.data?.trend ?? [];
  return (
    <section className={styles.card} aria-label="考试记录">
      <div className={styles.rowBetween}>
        <div>
          <h2 className={styles.cardTitle}>考试记录</h2>
          <p className={styles.muted}>{history.data && history.data.total > 0 ? `已交卷${history.data.total}次 · 成绩趋势与答题解析` : '历次成绩、成绩趋势与答题解析'}</p>
        </div>
        <button type="button" className={styles.secondarySmall} onClick={() => void navigate(`/examHistory?appID=${appID}`)}>
          查看记录
        </button>
      </div>
      {trend.length > 0 ? (
        <Suspense fallback={<div style={{ height: 190 }} aria-busy="true" />}>
          <ScoreChart trend={trend} passPercent={60} passLabel="及格线 60%" />
        </Suspense>
      ) : null}
    </section>
  );
}

/** 继续考试: the open sessions (any device). Hidden while loading, when there are none, or when the call fails. */
function OpenBlock({ appID }: { appID: number }) {
  const open = useQuery(openQuery(appID));
  const navigate = useNavigate();
  const list = open.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.card} aria-label="继续考试">
      <h2 className={styles.cardTitle}>继续考试</h2>
      <ul className={styles.openList}>
        {list.map((s: OpenSession) => (
          <li key={s.examHistoryID} className={styles.openRow}>
            <div className={styles.openText}>
              <p className={styles.openName}>{s.name}</p>
              <p className={styles.muted}>
                {`${modeTitle(s.testMode) === s.name ? '' : `${modeTitle(s.testMode)} · `}已答${s.answered}/${s.total}题 · ${s.remainingSeconds === null ? '不限时' : `剩余 ${formatRemaining(s.remainingSeconds)}`}`}
              </p>
            </div>
            <button type="button" className={styles.primarySmall} onClick={() => void navigate(sessionPath(s))}>
              继续考试
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LockIcon() {
  return (
    <svg className={styles.lock} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" data-testid="lock">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
