import { Link } from 'react-router';
import { isTrial, versionBadge, type SelectedSubject } from '../../lib/subject';
import { versionLabel } from '../../ui/buy-flow';
import styles from './home.module.css';

/** The subject card: its name and class, the version badge ('试用版' or the current version) and '切换'. */
export function SubjectBar({ subject }: { subject: SelectedSubject }) {
  return (
    <section className={`${styles.card} ${styles.subject}`} aria-label="当前科目">
      <div className={styles.subjectMain}>
        <h2 className={styles.subjectName}>{subject.AppName}</h2>
        <span data-testid="version-badge" className={`${styles.badge} ${isTrial(subject) ? styles.badgeTrial : ''}`}>
          {versionLabel(versionBadge(subject))}
        </span>
      </div>
      {subject.AppCName ? <p className={styles.subjectClass}>{subject.AppCName}</p> : null}
      <Link to="/switchSub" className={styles.switch} aria-label="切换科目">
        切换
      </Link>
    </section>
  );
}
