import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EXAM_MSG, LEVEL_STAR_RATES, testMode } from '@kaoshi/contract';
import { practisePaper } from './api';
import { isApiError } from '../../api/errors';
import { getSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { errorText } from '../../lib/error-text';
import { queryState, StateMessage } from '../../ui/states';
import { studyQuery } from '../../entities/plan/api';
import { againPath } from '../../entities/exam/paths';
import { formatDate, formatUsed, marks, typeName } from '../../entities/exam/format';
import { positiveInt } from '../../lib/url-params';
import { isGrading, resultQuery, type ExamResultData } from '../../entities/exam/api';
import { Review } from './components/review';
import styles from './exam-results.module.css';

/** /examResult?examHistoryID=N: the score against the pass line, the breakdowns and the review of every question. */
export default function ExamResultScreen() {
  const [params] = useSearchParams();
  const id = positiveInt(params.get('examHistoryID'));
  // A practice-display session (a level, a round, a paper practised) reads as practice.
  const head = useQuery({ ...resultQuery(id ?? 0), enabled: id !== null });
  const title = head.data?.mode === 'practice' ? '练习结果' : '考试成绩';
  return <Page title={title}>{id ? <ResultBody id={id} /> : <StateMessage text="考试记录编号不正确" />}</Page>;
}

function ResultBody({ id }: { id: number }) {
  const result = useQuery(resultQuery(id));
  const navigate = useNavigate();
  // Not handed in yet (400) or not this learner's / no such record (404): retrying would not help.
  if (result.isError && isApiError(result.error) && (result.error.msg === EXAM_MSG.notHanded || result.error.msg === EXAM_MSG.unknownSession)) {
    return (
      <div className={styles.state} role="alert">
        <p>{errorText(result.error)}</p>
        <button type="button" className={styles.secondary} onClick={() => void navigate('/examHistory')}>
          查看考试记录
        </button>
      </div>
    );
  }
  const state = queryState(result, getSelectedSubject(), { feature: '模拟考试' });
  if (state) return state;
  const r = result.data!;
  if (isGrading(r)) {
    return (
      <div className={styles.state} role="status" aria-live="polite" data-testid="grading">
        <p>{EXAM_MSG.grading}</p>
        <p>成绩出来后会自动显示</p>
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      <ScoreCard r={r} />
      <Breakdown title="按题型" rows={r.bySection.map((s) => ({ key: s.type + s.title, name: s.title || typeName(s.type), ...s }))} />
      {r.byChapter.length > 0 ? <Breakdown title="按章节" rows={r.byChapter.map((c) => ({ key: String(c.cptID), ...c }))} /> : null}
      <div className={styles.actions}>
        {r.mode === 'practice' ? (
          r.testMode === null && r.paperID === null ? (
            <PlanEvaluationNext r={r} />
          ) : (
            <PracticeAgain r={r} />
          )
        ) : (
          <button type="button" className={styles.primary} onClick={() => void navigate(againPath(r))}>
            再考一次
          </button>
        )}
        <button type="button" className={styles.secondary} onClick={() => void navigate('/consolidate')}>
          查看错题本
        </button>
      </div>
      <Review r={r} />
    </div>
  );
}

function ScoreCard({ r }: { r: ExamResultData }) {
  return (
    <section className={styles.card} aria-label="成绩">
      <h2 className={styles.paperName}>{r.name}</h2>
      <ModeLine r={r} />
      <div className={styles.scoreRow}>
        <p className={styles.bigScore} data-testid="score">
          <strong>{marks(r.score)}</strong>
          <span>分</span>
        </p>
        <span className={r.passed ? styles.pass : styles.fail} data-testid="verdict">
          {r.mode === 'practice' ? (r.passed ? '通过' : '未通过') : r.passed ? '合格' : '不合格'}
        </span>
      </div>
      <ScoreBar score={r.score} total={r.total} pass={r.passScore} />
      <dl className={styles.facts}>
        <div>
          <dt>及格线</dt>
          <dd>{`${marks(r.passScore)} 分`}</dd>
        </div>
        <div>
          <dt>总分</dt>
          <dd>{`${marks(r.total)} 分`}</dd>
        </div>
        <div>
          <dt>用时</dt>
          <dd>{formatUsed(r.usedSeconds)}</dd>
        </div>
        <div>
          <dt>答对</dt>
          <dd>{`${r.right} 题`}</dd>
        </div>
        <div>
          <dt>答错</dt>
          <dd>{`${r.wrong} 题`}</dd>
        </div>
        <div>
          <dt>未答</dt>
          <dd>{`${r.unanswered} 题`}</dd>
        </div>
      </dl>
      <p className={styles.muted}>
        {`交卷时间：${formatDate(r.handedAt)}`}
        {r.handedBy === 'deadline' ? '（时间到，自动交卷）' : ''}
      </p>
    </section>
  );
}

/**
 * The next step after a practice session: back to the screen of its mode (a level list, a round screen),
 * else a new practice session of the same paper in the player.
 */
function PracticeAgain({ r }: { r: ExamResultData }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const row = r.testMode ? testMode(r.testMode) : undefined;
  if (row) {
    return (
      <button type="button" className={styles.primary} onClick={() => void navigate(row.route)}>
        {`返回${row.title}`}
      </button>
    );
  }
  if (!r.paperID) return null;
  const paperID = r.paperID;
  const again = async () => {
    setBusy(true);
    try {
      const s = await practisePaper(r.appID, paperID);
      void navigate(`/answerTest?source=session&examHistoryID=${s.examHistoryID}`);
    } catch (err) {
      toast(`开始练习失败：${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={styles.primary} disabled={busy} onClick={() => void again()}>
      再练一次
    </button>
  );
}

/**
 * A drawn practice set without a mode row may be the study plan's entrance evaluation (the plan view names its
 * session): passed or not, the learner goes on to make the plan (/openStudy, the evaluation step then done).
 */
function PlanEvaluationNext({ r }: { r: ExamResultData }) {
  const navigate = useNavigate();
  const view = useQuery(studyQuery(r.appID));
  if (view.data?.evaluation.examHistoryID !== r.examHistoryID) return null;
  return (
    <button type="button" className={styles.primary} onClick={() => void navigate('/openStudy')}>
      继续制定计划
    </button>
  );
}

/**
 * The line of a mode with its own measure (docs/clearance-grabpoint.md): a 抢分 round's gain '本轮抢回 x 分'
 * (the marks of the questions answered right), a level's stars (80/90/100 % right for 1/2/3).
 */
function ModeLine({ r }: { r: ExamResultData }) {
  if (r.testMode === 'grabPoint') {
    const gained = r.review.list.reduce((n, q) => n + (q.mine.right ? q.mine.full : 0), 0);
    return <p className={styles.muted} data-testid="mode-line">{`本轮抢回 ${marks(gained)} 分`}</p>;
  }
  if (r.testMode === 'tifenGuoguan' || r.testMode === 'randomPassCheck') {
    const n = r.review.list.length;
    const share = n > 0 ? r.right / n : 0;
    const stars = LEVEL_STAR_RATES.filter((x) => share + 1e-9 >= x).length;
    return (
      <p className={styles.muted} data-testid="mode-line">
        {stars > 0 ? `闯关成功 ${'★'.repeat(stars)}${'☆'.repeat(3 - stars)}` : '未过关：答对80%即可过关'}
      </p>
    );
  }
  return null;
}

/** The score against the total with a tick at the pass line. */
function ScoreBar({ score, total, pass }: { score: number; total: number; pass: number }) {
  const pct = (n: number) => `${total > 0 ? Math.min(100, Math.max(0, (n / total) * 100)) : 0}%`;
  return (
    <div className={styles.scoreBar} role="img" aria-label={`得分 ${marks(score)} / ${marks(total)}，及格线 ${marks(pass)}`}>
      <span className={score >= pass ? styles.scoreFillPass : styles.scoreFill} style={{ width: pct(score) }} />
      <span className={styles.passTick} style={{ left: pct(pass) }} />
    </div>
  );
}

interface TallyRow {
  key: string;
  name: string;
  right: number;
  wrong: number;
  unanswered: number;
  score: number;
  total: number;
}

function Breakdown({ title, rows }: { title: string; rows: TallyRow[] }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{title === '按题型' ? '题型' : '章节'}</th>
            <th scope="col">对</th>
            <th scope="col">错</th>
            <th scope="col">未答</th>
            <th scope="col">得分</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{row.right}</td>
              <td className={row.wrong > 0 ? styles.wrongNum : undefined}>{row.wrong}</td>
              <td>{row.unanswered}</td>
              <td>{`${marks(row.score)}/${marks(row.total)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
