import type { PlanReport } from '@kaoshi/contract';
import { minutesText, timeSpent, timeSummary } from '../report-format';
import styles from '../report.module.css';
import { ReportBarChart } from './report-chart';
import { DataTable, ReportFigure, ReportSection } from './report-figure';

/** 学习时长: minutes spent practising, watching lessons and reading, measured from the learner's records. */
export function ReportTime({ spent }: { spent: PlanReport['spent'] }) {
  const t = timeSpent(spent);
  return (
    <ReportSection title="学习时长" testId="report-time">
      <p className={styles.big}>
        <strong>{minutesText(t.total)}</strong>
        <span>累计学习</span>
      </p>
      {t.total === 0 ? (
        <p className={styles.muted}>累计用时还不到1分钟。完成计划中的任务后，这里会显示做题、视频和讲义各用了多少时间。</p>
      ) : (
        <ReportFigure
          caption="各类学习用时（分钟）"
          table={<DataTable caption="各类学习用时" head={['类别', '用时']} rows={[...t.rows.map((r) => [r.label, minutesText(r.minutes)]), ['合计', minutesText(t.total)]]} />}
        >
          <ReportBarChart
            horizontal
            labels={t.rows.map((r) => r.label)}
            series={[{ label: '用时', data: t.rows.map((r) => r.minutes), tone: 'theme' }]}
            unit="分钟"
            axisUnit=""
            height={150}
            summary={timeSummary(t)}
            testId="chart-time"
          />
        </ReportFigure>
      )}
    </ReportSection>
  );
}
