import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { percent } from '../../lib/format';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { masteryQuery } from '../../entities/study/api';
import { qs } from '../../entities/study/url';
import styles from './study.module.css';
import itemsCss from './item-list.module.css';

/** Mastery below this is shown as weak (red), below STRONG as fair (amber). */
const WEAK = 0.6;
const STRONG = 0.85;

/** /strengthen (薄弱点强化): the knowledge points by mastery, weakest first; each opens a practice of that point. */
export default function StrengthenScreen() {
  return <SubjectPage title="薄弱点强化">{(subject) => <Points subject={subject} />}</SubjectPage>;
}

function Points({ subject }: { subject: SelectedSubject }) {
  const mastery = useQuery(masteryQuery(subject.AppID));
  const navigate = useNavigate();
  const state = queryState(mastery, subject);
  if (state) return state;
  const list = mastery.data!.list;

  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <p className={styles.muted}>按掌握程度从弱到强排列；考频为该知识点在题库中的占比。</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={list.length === 0} onClick={() => void navigate('/answerTest?source=points')}>
            强化最薄弱的知识点
          </button>
          <button type="button" className={styles.secondary} onClick={() => void navigate('/answerTest?source=common')}>
            高频易错题
          </button>
        </div>
      </div>
      {list.length === 0 ? (
        <StateMessage text="本科目的试题还没有标注知识点" />
      ) : (
        <ul className={itemsCss.items} aria-label="知识点">
          {list.map((p) => {
            const level = p.done === 0 ? styles.levelNone : p.mastery < WEAK ? styles.levelWeak : p.mastery < STRONG ? styles.levelFair : styles.levelGood;
            return (
              <li key={p.point} className={itemsCss.item}>
                <button
                  type="button"
                  className={itemsCss.itemMain}
                  aria-label={`${p.point} 掌握度${percent(p.mastery)}`}
                  onClick={() => void navigate(`/answerTest${qs({ source: 'points', point: p.point })}`)}
                >
                  <span className={styles.pointHead}>
                    <span className={styles.pointName}>{p.point}</span>
                    <span className={`${styles.masteryText} ${level}`}>{p.done === 0 ? '未练习' : `掌握 ${percent(p.mastery)}`}</span>
                  </span>
                  <span
                    className={styles.bar}
                    role="progressbar"
                    aria-label={`${p.point} 掌握度`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(p.mastery * 100)}
                  >
                    <span className={`${styles.barFill} ${level}`} style={{ width: `${p.mastery * 100}%` }} />
                  </span>
                  <span className={itemsCss.itemMeta}>
                    <span>正确率 {p.done > 0 ? percent(p.accuracy) : '—'}</span>
                    <span>
                      已做 {p.done}/{p.total}
                    </span>
                    <span>考频 {percent(p.weight)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
