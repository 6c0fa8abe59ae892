import { useQuery } from '@tanstack/react-query';
import { testMode } from '@kaoshi/contract';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { sessionPath } from '../../entities/exam-center/api';
import { RichText } from '../../ui/rich-text';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { answeredIn, delta, lastRoundQuery, nextRoundQuery, pct, stemOf, type AiRound, type LastRound } from './api';
import styles from './ai.module.css';

const ROW = testMode('AICoreExamTest')!;

/**
 * /AICoreExamTest (AI核心考点): the learner's adaptive round — why each question was chosen (为什么选这道题),
 * 开始本轮 / 继续本轮 into the player (/answerTest?source=session), and after a round the mastery change of
 * its points. Opening the screen prepares the round (aiExam/next: the open one, or a new one).
 */
export default function AiCoreExamTestScreen() {
  return <SubjectPage title={ROW.title}>{(subject) => <Round subject={subject} />}</SubjectPage>;
}

function Round({ subject }: { subject: SelectedSubject }) {
  const next = useQuery(nextRoundQuery(subject.AppID));
  const last = useQuery(lastRoundQuery(subject.AppID));
  const navigate = useNavigate();
  const state = queryState(next, subject, { feature: ROW.title, loading: '正在根据你的掌握情况挑选题目…' });
  if (state) return state;
  const round = next.data!;
  const answered = answeredIn(round);
  const total = round.session.list.length;
  const points = new Set(round.reasons.map((r) => r.point)).size;

  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-label="本轮练习">
        <h2 className={styles.cardTitle}>{`第${round.round}轮 · 智能选题`}</h2>
        <p className={styles.muted}>{ROW.blurb}</p>
        <div className={styles.figures}>
          <span className={styles.figure}>
            <strong>{total}</strong>题目
          </span>
          <span className={styles.figure}>
            <strong>{points}</strong>考点
          </span>
          <span className={styles.figure}>
            <strong>{`${answered}/${total}`}</strong>已答
          </span>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => void navigate(sessionPath(round.session))}>
            {answered > 0 ? '继续本轮' : '开始本轮'}
          </button>
          <button type="button" className={styles.secondary} onClick={() => void navigate('/AIcard')}>
            AI考点卡
          </button>
        </div>
      </section>

      {last.data ? <LastChange last={last.data} /> : null}

      <h2 className={styles.sectionTitle}>为什么选这道题</h2>
      <Reasons round={round} appID={subject.AppID} />
    </div>
  );
}

function Reasons({ round, appID }: { round: AiRound; appID: number }) {
  return (
    <ol className={styles.list} aria-label="为什么选这道题">
      {round.reasons.map((r, i) => (
        <li key={r.allTestID} className={styles.reason}>
          <div className={styles.reasonHead}>
            <span className={styles.no}>{i + 1}</span>
            <span>{`考点：${r.name}`}</span>
          </div>
          <p className={styles.stem}>
            <RichText text={stemOf(round, r.allTestID)} appID={appID} />
          </p>
          <p className={styles.why}>{r.why}</p>
        </li>
      ))}
    </ol>
  );
}

/** The last handed-in round: right/total and each point's mastery before → after. */
export function LastChange({ last }: { last: LastRound }) {
  return (
    <section className={styles.card} aria-label="上一轮掌握度变化">
      <h2 className={styles.cardTitle}>{`上一轮（第${last.round}轮）答对 ${last.right}/${last.total}`}</h2>
      <p className={styles.muted}>各考点掌握度变化（掌握度 = 该考点答对的题占全部题的比例）</p>
      <ul className={styles.list} style={{ gap: 0, marginTop: 6 }}>
        {last.points.map((p) => {
          const d = delta(p.before, p.after);
          const cls = d.startsWith('+') ? styles.up : d.startsWith('−') ? styles.down : styles.same;
          return (
            <li key={p.point} className={styles.change} aria-label={`${p.name} ${pct(p.before)} → ${pct(p.after)}`}>
              <span className={styles.changeName}>{p.name}</span>
              <span>
                {`${pct(p.before)} → ${pct(p.after)} `}
                <span className={cls}>{d}</span>
              </span>
              <span className={styles.bar} role="progressbar" aria-label={`${p.name} 掌握度`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(p.after * 100)}>
                <span className={styles.barFill} style={{ width: `${p.after * 100}%` }} />
                <span className={styles.barBefore} style={{ width: `${Math.min(p.before, p.after) * 100}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
