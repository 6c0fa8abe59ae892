import type { PlanReport } from '@kaoshi/contract';
import { kindRows, tasksSummary } from '../report-format';
import styles from '../report.module.css';
import { ReportBarChart } from './report-chart';
import { DataTable, ReportFigure, ReportSection } from './report-figure';

/** 任务完成: tasks done of all (skipped apart), and by kind as stacked bars (done / not yet). */
export function ReportTasks({ tasks, byKind }: { tasks: PlanReport['tasks']; byKind: PlanReport['byKind'] }) {
  const rows = kindRows(byKind);
  const percent = tasks.total > 0 ? Math.round((tasks.done / tasks.total) * 100) : 0;
  return (
    <ReportSection title="任务完成" testId="report-tasks">
      <p className={styles.big}>
        <strong>{`${tasks.done}/${tasks.total}`}</strong>
        <span>{`已完成 ${percent}%${tasks.skipped ? `，跳过 ${tasks.skipped} 项` : ''}`}</span>
      </p>
      {rows.length > 0 ? (
        <ReportFigure
          caption="各类任务完成情况（项）"
          table={<DataTable caption="各类任务完成情况" head={['类别', '已完成', '共计']} rows={rows.map((r) => [r.label, r.done, r.total])} />}
        >
          <ReportBarChart
            horizontal
            stacked
            labels={rows.map((r) => r.label)}
            series={[
              { label: '已完成', data: rows.map((r) => r.done), tone: 'done' },
              { label: '未完成', data: rows.map((r) => r.total - r.done), tone: 'rest' },
            ]}
            height={60 + rows.length * 34}
            summary={tasksSummary(tasks, rows)}
            testId="chart-tasks"
          />
        </ReportFigure>
      ) : (
        <p className={styles.muted}>计划中还没有任务</p>
      )}
    </ReportSection>
  );
}
