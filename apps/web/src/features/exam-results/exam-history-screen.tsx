import { lazy, Suspense } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { TEST_MODES, testMode as modeOf } from '@kaoshi/contract';
import { historyPagesQuery } from './api';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { formatDate, formatUsed, marks } from '../../entities/exam/format';
import { papersQuery } from '../../entities/exam/api';
import { passPercent } from '../../entities/exam/chart';
import { positiveInt } from '../../lib/url-params';
import styles from './exam-results.module.css';
import historyCss from './exam-history.module.css';

/** The score trend, loaded when shown: chart.js stays out of this screen's chunk (docs/web-shell.md "Charts"). */
const ScoreChart = lazy(() => import('../../entities/exam/score-chart').then((m) => ({ default: m.ScoreChart })));

/** The rows whose attempts are exam sessions (the history's 考试类型 filter). */
export const HISTORY_MODES = TEST_MODES.filter((m) => m.display !== null && m.source !== 'plain' && m.source !== 'session' && m.source !== 'hub');

/** /examHistory?appID=N[&paperID=M][&testMode=X]: every handed-in attempt, newest first, and the score trend. */
export default function ExamHistoryScreen() {
  const [params] = useSearchParams();
  const rawMode = params.get('testMode');
  const mode = rawMode ? (HISTORY_MODES.find((m) => m.id === modeOf(rawMode)?.id) ?? null) : null;
  const subject = getSelectedSubject();
  const rawApp = params.get('appID');
  const appID = rawApp !== null ? positiveInt(rawApp) : (subject?.AppID ?? null);
  const rawPaper = params.get('paperID');
  const paperID = rawPaper !== null ? positiveInt(rawPaper) : null;
  const navigate = useNavigate();
  let body;
  if (rawApp !== null && appID === null) body = <StateMessage text="科目编号不正确" />;
  else if (rawPaper !== null && paperID === null) body = <StateMessage text="试卷编号不正确" />;
  else if (rawMode && !mode) body = <StateMessage text="考试类型不正确" />;
  else if (appID === null)
    body = (
      <div className={styles.state}>
        <p>请先选择考试科目</p>
        <button type="button" className={styles.secondary} onClick={() => void navigate('/switchSub')}>
          选择科目
        </button>
      </div>
    );
  else body = <HistoryBody key={`${paperID}-${mode?.id}`} appID={appID} paperID={paperID} mode={mode?.id ?? null} />;
  return <Page title="考试记录">{body}</Page>;
}

/** 考试类型: all attempts or one mode's (kept in the URL). */
function ModeFilter({ mode }: { mode: string | null }) {
  const [params, setParams] = useSearchParams();
  return (
    <label className={historyCss.modeFilter}>
      <span>考试类型</span>
      <select
        value={mode ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.target.value) next.set('testMode', e.target.value);
          else next.delete('testMode');
          setParams(next, { replace: true });
        }}
      >
        <option value="">全部考试</option>
        {HISTORY_MODES.map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </select>
    </label>
  );
}

function HistoryBody({ appID, paperID, mode }: { appID: number; paperID: number | null; mode: string | null }) {
  const navigate = useNavigate();
  const history = useInfiniteQuery(historyPagesQuery(appID, paperID, mode));
  // The pass line of one paper's history comes from the paper list; a mixed history draws 60 %.
  const papers = useQuery({ ...papersQuery(appID, 'all'), enabled: paperID !== null });
  const state = queryState(history, getSelectedSubject(), { feature: '考试记录' });
  if (state) return state;
  const first = history.data!.pages[0]!;
  const rows = history.data!.pages.flatMap((p) => p.list);
  const paper = paperID ? papers.data?.list.find((p) => p.paperID === paperID) : undefined;
  const pass = paper ? passPercent(paper.passScore, paper.totalScore) : 60;
  const passLabel = paper ? `及格线 ${marks(paper.passScore)}分` : '及格线 60%';
  const filter = paperID ? null : <ModeFilter mode={mode} />;
  const row = mode ? modeOf(mode) : undefined;
  if (rows.length === 0)
    return (
      <div className={styles.screen}>
        {filter}
        <div className={styles.state}>
          <p>还没有考试记录</p>
          <button type="button" className={styles.secondary} onClick={() => void navigate(row ? row.route : '/exam')}>
            {row ? `去${row.title}` : '去考试中心'}
          </button>
        </div>
      </div>
    );
  return (
    <div className={styles.screen}>
      {filter}
      {paper ? <h2 className={styles.paperName}>{paper.name}</h2> : null}
      <section className={styles.card} aria-label="成绩趋势">
        <h2 className={styles.cardTitle}>{`成绩趋势（最近${first.trend.length}次）`}</h2>
        <Suspense fallback={<div style={{ height: 190 }} aria-busy="true" />}>
          <ScoreChart trend={first.trend} passPercent={pass} passLabel={passLabel} />
        </Suspense>
      </section>
      <section className={styles.card} aria-label="历次考试">
        <h2 className={styles.cardTitle}>{`历次考试（共${first.total}次）`}</h2>
        <ul className={styles.list}>
          {rows.map((h) => (
            <li key={h.examHistoryID}>
              <button type="button" className={styles.row} onClick={() => void navigate(`/examResult?examHistoryID=${h.examHistoryID}`)}>
                <span className={styles.rowMain}>
                  <span className={styles.rowTitle}>{h.name}</span>
                  <span className={styles.muted}>{`${formatDate(h.handedAt)} · 用时${formatUsed(h.usedSeconds)}${h.handedBy === 'deadline' ? ' · 自动交卷' : ''}`}</span>
                </span>
                <span className={styles.rowScore}>
                  <strong>{marks(h.score)}</strong>
                  {h.handedBy === 'abandoned' ? (
                    <span className={styles.failSmall}>已放弃</span>
                  ) : (
                    <span className={h.passed ? styles.passSmall : styles.failSmall}>{h.passed ? '合格' : '不合格'}</span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {history.hasNextPage ? (
          <button type="button" className={styles.more} disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {history.isFetchingNextPage ? '加载中…' : '加载更多'}
          </button>
        ) : null}
      </section>
    </div>
  );
}
