import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { percent } from '../../../lib/format';
import { formatDuration } from '../../../entities/study/format';
import { statsQuery } from '../../../entities/study/api';
import styles from '../../../ui/chapter-stats.module.css';

/** The study tools reached from /chapterMenu. */
export const STUDY_TOOLS = [
  { name: '错题本', to: '/consolidate' },
  { name: '收藏', to: '/consolidate?tab=fav' },
  { name: '笔记', to: '/consolidate?tab=note' },
  { name: '背题复习', to: '/memoryAnswer' },
  { name: '薄弱点', to: '/strengthen' },
  { name: '搜题', to: '/searchExam' },
] as const;

/**
 * The learner's statistics for the subject (bookLLzs) on top of /chapterMenu. While loading it keeps its place
 * with dashes (so the chapter tree below does not jump under a finger); on an error it is left out — the chapter
 * tree below carries the screen's 403 and error states.
 */
export function ChapterStatsHeader({ appID }: { appID: number }) {
  const stats = useQuery(statsQuery(appID));
  if (stats.isError) return null;
  const s = stats.data;
  const dash = '—';
  return (
    <section className={styles.statsHeader} aria-label="学习统计" aria-busy={!s}>
      <div className={styles.statsGrid}>
        <p>
          <strong>{s ? s.done : dash}</strong>
          <span>已做（题）</span>
        </p>
        <p>
          <strong>{s ? percent(s.accuracy) : dash}</strong>
          <span>正确率</span>
        </p>
        <p>
          <strong>{s ? formatDuration(s.spentSeconds) : dash}</strong>
          <span>用时</span>
        </p>
        <p>
          <strong>{s ? s.activeDays : dash}</strong>
          <span>学习天数</span>
        </p>
      </div>
      <p className={styles.statsToday}>
        {s ? `今日已做 ${s.today.done} 题 · 答对 ${s.today.right} 题 · 错题本 ${s.book.items} 题${s.book.due > 0 ? `（${s.book.due} 题待复习）` : ''}` : '统计加载中…'}
      </p>
    </section>
  );
}

export function StudyToolsRow() {
  const navigate = useNavigate();
  return (
    <nav className={styles.tools} aria-label="学习工具">
      {STUDY_TOOLS.map((t) => (
        <button key={t.to} type="button" className={styles.tool} onClick={() => void navigate(t.to)}>
          <span className={styles.toolGlyph} aria-hidden="true">
            {t.name[0]}
          </span>
          <span>{t.name}</span>
        </button>
      ))}
    </nav>
  );
}
