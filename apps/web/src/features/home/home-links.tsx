import { Link } from 'react-router';
import styles from './home.module.css';

const LINKS = [
  { to: '/memberCenter', label: '会员中心', glyph: '会' },
  { to: '/introduce', label: '考试介绍', glyph: '考' },
  { to: '/Guidance', label: '新手引导', glyph: '导' },
  { to: '/buyapp', label: '激活码', glyph: '码' },
] as const;

/** Shortcuts under the grid. */
export function HomeLinks() {
  return (
    <nav className={`${styles.card} ${styles.links}`} aria-label="常用">
      {LINKS.map((l) => (
        <Link key={l.to} to={l.to} className={styles.link}>
          <span className={styles.linkGlyph} aria-hidden="true">
            {l.glyph}
          </span>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
