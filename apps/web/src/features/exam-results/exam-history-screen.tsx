import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { EXAM_HISTORY_PAGE, simulationHistory } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { StateMessage } from '../practice/states';
import { examKeys, formatDate, formatUsed, marks, papersQuery, passPercent, positiveInt } from './exam-data';
import { examQueryState } from './exam-ui';
import { ScoreChart } from './score-chart';
import styles from './exam-results.module.css';

/** /examHistory?appID=N[&paperID=M]: every handed-in attempt, newest first, and the score trend. */
export default function ExamHistoryScreen() {
  const [params] = useSearchParams();
  const subject = getSelectedSubject();
  const rawApp = params.get('appID');
  const appID = rawApp !== null ? positiveInt(rawApp) : (subject?.AppID ?? null);
  const rawPaper = params.get('paperID');
  const paperID = rawPaper !== null ? positiveInt(rawPaper) : null;
  const navigate = useNavigate();
  let body;
  if (rawApp !== null && appID === null) body = <StateMessage text="科目编号不正确" />;
  else if (rawPaper !== null && paperID === null) body = <StateMessage text="试卷编号不正确" />;
  else if (appID === null)
    body = (
      <div className={styles.state}>
        <p>请先选择考试科目</p>
        <button type="button" className={styles.secondary} onClick={() => void navigate('/switchSub')}>
          选择科目
        </button>
      </div>
    );
  else body = <HistoryBody appID={appID} paperID={paperID} />;
  return <Page title="考试记录">{body}</Page>;
}

function HistoryBody({ appID, paperID }: { appID: number; paperID: number | null }) {
  const navigate = useNavigate();
  const history = useInfiniteQuery({
    queryKey: [...examKeys.history(appID, paperID, 0), 'pages'],
    queryFn: ({ pageParam }) =>
      call(simulationHistory, { appID, ...(paperID ? { paperID } : {}), ...(pageParam > 1 ? { page: pageParam } : {}) }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * EXAM_HISTORY_PAGE < last.total ? last.page + 1 : undefined),
    retry: false,
  });
  // The pass line of one paper's history comes from the paper list; a mixed history draws 60 %.
  const papers = useQuery({ ...papersQuery(appID, 'all'), enabled: paperID !== null });
  const state = examQueryState(history, getSelectedSubject(), '考试记录');
  if (state) return state;
  const first = history.data!.pages[0]!;
  const rows = history.data!.pages.flatMap((p) => p.list);
  const paper = paperID ? papers.data?.list.find((p) => p.paperID === paperID) : undefined;
  const pass = paper ? passPercent(paper.passScore, paper.totalScore) : 60;
  const passLabel = paper ? `及格线 ${marks(paper.passScore)}分` : '及格线 60%';
  if (rows.length === 0)
    return (
      <div className={styles.state}>
        <p>还没有考试记录</p>
        <button type="button" className={styles.secondary} onClick={() => void navigate('/mockExam')}>
          去模拟考试
        </button>
      </div>
    );
  return (
    <div className={styles.screen}>
      {paper ? <h2 className={styles.paperName}>{paper.name}</h2> : null}
      <section className={styles.card} aria-label="成绩趋势">
        <h2 className={styles.cardTitle}>{`成绩趋势（最近${first.trend.length}次）`}</h2>
        <ScoreChart trend={first.trend} passPercent={pass} passLabel={passLabel} />
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
                  <span className={h.passed ? styles.passSmall : styles.failSmall}>{h.passed ? '合格' : '不合格'}</span>
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
