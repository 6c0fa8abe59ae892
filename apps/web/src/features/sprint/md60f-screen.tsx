import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { ProgressBar } from '../../ui/plain-list';
import { itemPath } from './item-path';
import { NO_CONTENT, ratio, sprintListQuery } from '../../entities/sprint/api';
import styles from '../../ui/plain-list.module.css';

/** /md60f (考前60分): what the set is, the learner's progress, and 开始练习 → the player (plain source sprint set=pass60). */
export default function Md60fScreen() {
  return <SubjectPage title="考前60分">{(subject) => <Pass60 subject={subject} />}</SubjectPage>;
}

function Pass60({ subject }: { subject: SelectedSubject }) {
  const list = useQuery(sprintListQuery(subject.AppID));
  const navigate = useNavigate();
  const state = queryState(list, subject, { feature: '考前60分' });
  if (state) return state;
  const set = list.data?.sets.pass60 ?? null;
  if (!set) return <StateMessage text={NO_CONTENT} />;
  return (
    <div className={styles.screen}>
      <section className={styles.intro} aria-label="考前60分简介">
        <h2 className={styles.introTitle}>考前60分 · 及格必备</h2>
        <p className={styles.muted}>从占比最大的考点开始，选出覆盖六成考试内容的考点，只收基础与中等难度的题目：先把这些拿稳，及格就有了底。</p>
        <ul className={styles.bullets}>
          <li>{`共${set.count}题，按考点重要程度排列`}</li>
          <li>答题即时显示答案与解析，答错的题自动进入错题本</li>
          <li>可随时退出，下次从没做过的题继续</li>
        </ul>
        <p className={styles.muted}>{`已做 ${set.done}/${set.count}`}</p>
        <ProgressBar value={ratio(set.done, set.count)} label="考前60分 完成度" />
      </section>
      <button type="button" className={styles.primary} onClick={() => void navigate(itemPath(set))}>
        {set.done === 0 ? '开始练习' : '继续练习'}
      </button>
    </div>
  );
}
