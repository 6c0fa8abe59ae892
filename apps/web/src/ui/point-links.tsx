import { Link } from 'react-router';
import styles from './question-answer.module.css';

/** 考点： the question's knowledge points, each opening its page (/knowlegeInContent, docs/reading.md "Links"). */
export function PointLinks({ points, className }: { points: readonly string[]; className?: string }) {
  if (points.length === 0) return null;
  return (
    <p className={className ?? styles.points}>
      考点：
      {points.map((p) => (
        <Link key={p} className={styles.pointTag} to={`/knowlegeInContent?point=${encodeURIComponent(p)}`} aria-label={`知识点：${p}`}>
          {p}
        </Link>
      ))}
    </p>
  );
}
