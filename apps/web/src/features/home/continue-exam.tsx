import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatRemaining } from '../../entities/exam-center/format';
import { openQuery, sessionPath } from '../../entities/exam-center/api';
import styles from '../../ui/continue-exam.module.css';

/**
 * 继续考试 wherever the learner is: the newest open session of the subject (any device), its answered
 * count and the time left, one tap back in. Nothing while loading, when none is open, or when the call fails.
 */
export function ContinueExam({ appID }: { appID: number }) {
  const open = useQuery(openQuery(appID));
  const navigate = useNavigate();
  const list = open.data?.list ?? [];
  const s = list[0];
  if (!s) return null;
  const more = list.length > 1 ? ` · 另有 ${list.length - 1} 场未交卷` : '';
  return (
    <section className={styles.banner} aria-label="未交卷的考试">
      <div className={styles.text}>
        <p className={styles.title}>{`未交卷：${s.name}`}</p>
        <p className={styles.detail}>{`已答${s.answered}/${s.total}题 · ${s.remainingSeconds === null ? '不限时' : `剩余 ${formatRemaining(s.remainingSeconds)}`}${more}`}</p>
      </div>
      <button type="button" className={styles.go} onClick={() => void navigate(sessionPath(s))}>
        继续考试
      </button>
    </section>
  );
}
