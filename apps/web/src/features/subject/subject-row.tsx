import type { SubjectEntry } from '@kaoshi/contract';
import { levelName } from './api';
import styles from './subject.module.css';

export interface SubjectRowProps {
  subject: SubjectEntry;
  current: boolean;
  busy: boolean;
  /** Also show the class name (search results). */
  showClass?: boolean;
  onChoose: () => void;
}

/** One subject of a list: its name, its study level (and class), '当前' when it is the selected one. */
export function SubjectRow({ subject, current, busy, showClass, onChoose }: SubjectRowProps) {
  const level = levelName(subject.Level);
  const meta = [showClass ? subject.CName : '', level].filter(Boolean).join(' · ');
  return (
    <li>
      <button type="button" className={styles.subject} onClick={onChoose} disabled={busy} aria-current={current ? 'true' : undefined}>
        <span className={styles.subjectText}>
          <span className={styles.subjectName}>{subject.AppName}</span>
          {meta ? <span className={styles.subjectMeta}>{meta}</span> : null}
        </span>
        {current ? <span className={styles.currentTag}>当前</span> : <span className={styles.chevron} aria-hidden="true" />}
      </button>
    </li>
  );
}
