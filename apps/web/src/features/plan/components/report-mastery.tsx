import type { ChapterStat } from '../report-format';
import { masterySummary, weakestFirst } from '../report-format';
import styles from '../report.module.css';
import { ReportBarChart, type ChartTone } from './report-chart';
import { DataTable, ReportFigure, ReportSection } from './report-figure';

/** Mastery below this (percent) is drawn as weak. */
const WEAK_BELOW = 60;

/**
 * 章节掌握: the mastery (share answered right at the latest attempt) of each chapter practised, as horizontal bars,
 * weakest first. Chapters not practised yet are counted apart (their 0 % says nothing about them) and listed last in
 * the table.
 */
export function ReportMastery({ chapters }: { chapters: readonly ChapterStat[] }) {
  const practised = weakestFirst(chapters.filter((c) => c.done > 0));
  const untouched = chapters.filter((c) => c.done === 0);
  if (practised.length === 0) {
    return (
      <ReportSection title="章节掌握" testId="report-mastery">
        <p className={styles.muted}>
          {chapters.length > 0 ? `${chapters.length}个章节都还没有练习，完成章节练习后这里会显示各章节的掌握度。` : '暂无章节掌握数据，完成章节练习后这里会显示各章节的掌握度。'}
        </p>
      </ReportSection>
    );
  }
  const tones: ChartTone[] = practised.map((c) => (c.mastery < WEAK_BELOW ? 'weak' : 'done'));
  return (
    <ReportSection title="章节掌握" testId="report-mastery">
      <p className={styles.muted}>
        {`已练习${practised.length}个章节，按掌握度从低到高排列，低于${WEAK_BELOW}%的标为红色。`}
        {untouched.length > 0 ? `还有${untouched.length}个章节未练习。` : ''}
      </p>
      <ReportFigure
        caption="各章节掌握度（%）"
        table={
          <DataTable
            caption="各章节掌握度"
            head={['章节', '掌握度', '答对/已做/题量', '题量占比']}
            rows={[
              ...practised.map((c) => [c.name, `${c.mastery}%`, `${c.right}/${c.done}/${c.questions}`, `${c.weight}%`]),
              ...untouched.map((c) => [c.name, '未练习', `0/0/${c.questions}`, `${c.weight}%`]),
            ]}
          />
        }
      >
        <ReportBarChart
          horizontal
          labels={practised.map((c) => c.name)}
          series={[{ label: '掌握度', data: practised.map((c) => c.mastery), tone: tones }]}
          max={100}
          unit="%"
          height={40 + practised.length * 30}
          summary={masterySummary(practised)}
          testId="chart-mastery"
        />
      </ReportFigure>
    </ReportSection>
  );
}
