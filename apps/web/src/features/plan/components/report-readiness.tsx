import type { PlanEvaluation } from '@kaoshi/contract';
import { PLAN_MSG } from '@kaoshi/contract';
import { Link } from 'react-router';
import { formatDate, marks } from '../../../entities/exam/format';
import { readinessBasis, readinessSummary, VERDICTS, type Verdict } from '../report-format';
import styles from '../report.module.css';
import { ReportBarChart, type ChartTone } from './report-chart';
import { DataTable, ReportFigure, ReportSection } from './report-figure';

const VERDICT_TONE: Record<Verdict, ChartTone> = { ready: 'done', close: 'close', behind: 'weak' };
const VERDICT_CLASS: Record<Verdict, string | undefined> = { ready: styles.verdictReady, close: styles.verdictClose, behind: styles.verdictBehind };

/** 考试准备度: the predicted share right against the pass line, with the verdict and where the prediction came from. */
export function ReportReadiness({ evaluation }: { evaluation: PlanEvaluation }) {
  const r = evaluation.readiness;
  const bars: { label: string; value: number; tone: ChartTone }[] = [
    { label: '预测得分率', value: r.predicted, tone: VERDICT_TONE[r.verdict] },
    { label: '及格线', value: r.passLine, tone: 'pass' },
    { label: '题库掌握', value: r.fromBank, tone: 'theme' },
    ...(r.fromMocks !== null && r.mocks > 0 ? [{ label: '模拟考试', value: r.fromMocks, tone: 'theme' as const }] : []),
  ];
  return (
    <ReportSection title="考试准备度" testId="report-readiness">
      {evaluation.replanned ? (
        <p className={styles.notice} role="status">
          {PLAN_MSG.replannedMock}
        </p>
      ) : null}
      <div className={`${styles.verdict} ${VERDICT_CLASS[r.verdict] ?? ''}`} data-testid="verdict">
        <p className={styles.verdictTitle}>{VERDICTS[r.verdict].title}</p>
        <p className={styles.verdictFigures}>{`预测得分率 ${r.predicted}% · 及格线 ${r.passLine}%`}</p>
        <p className={styles.verdictText}>{VERDICTS[r.verdict].text}</p>
      </div>
      <ReportFigure caption="预测得分率与及格线（%）" table={<DataTable caption="预测得分率与及格线" head={['项目', '得分率']} rows={bars.map((b) => [b.label, `${b.value}%`])} />}>
        <ReportBarChart
          horizontal
          labels={bars.map((b) => b.label)}
          series={[{ label: '得分率', data: bars.map((b) => b.value), tone: bars.map((b) => b.tone) }]}
          max={100}
          unit="%"
          height={40 + bars.length * 32}
          summary={readinessSummary(r)}
          testId="chart-readiness"
        />
      </ReportFigure>
      <p className={styles.muted}>{readinessBasis(r)}</p>
    </ReportSection>
  );
}

/** 薄弱章节: the chapters of the last mock with less than 60 % right, weakest first, and the way back to the plan. */
export function ReportWeak({ evaluation }: { evaluation: PlanEvaluation }) {
  const { basedOn, weak } = evaluation;
  return (
    <ReportSection title="薄弱章节" testId="report-weak">
      {basedOn ? (
        <p className={styles.muted}>{`依据最近一次模拟考试《${basedOn.name}》：${marks(basedOn.score)}/${marks(basedOn.total)}分，${formatDate(basedOn.handedAt)}交卷`}</p>
      ) : (
        <p className={styles.muted}>完成一次模拟考试后，这里会列出需要加强的章节，计划也会优先安排它们。</p>
      )}
      {basedOn && weak.length === 0 ? <p className={styles.muted}>这次模拟考试没有得分率低于60%的章节，继续保持！</p> : null}
      {weak.length > 0 ? (
        <ol className={styles.weakList} aria-label="薄弱章节列表">
          {weak.map((w) => (
            <li key={w.cptID} className={styles.weakRow}>
              <span className={styles.weakName}>{w.name}</span>
              <span className={styles.weakShare}>{`得分率 ${w.share}%`}</span>
            </li>
          ))}
        </ol>
      ) : null}
      <Link to="/studyMain" className={styles.primary}>
        返回学习计划
      </Link>
    </ReportSection>
  );
}
