import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { ItemRow, ProgressBar } from '../../ui/plain-list';
import { itemPath } from './item-path';
import { NO_CONTENT, ratio, sprintListQuery } from '../../entities/sprint/api';
import styles from '../../ui/plain-list.module.css';

/** /fivehundredTest (必做500题): the bank's 500 hottest questions in rounds of 50, each with the learner's progress → the player. */
export default function FiveHundredScreen() {
  return <SubjectPage title="必做500题">{(subject) => <Rounds subject={subject} />}</SubjectPage>;
}

function Rounds({ subject }: { subject: SelectedSubject }) {
  const list = useQuery(sprintListQuery(subject.AppID));
  const navigate = useNavigate();
  const state = queryState(list, subject, { feature: '必做500题' });
  if (state) return state;
  const rounds = list.data?.sets.hot500 ?? [];
  if (rounds.length === 0) return <StateMessage text={NO_CONTENT} />;
  const done = rounds.reduce((n, r) => n + r.done, 0);
  const count = rounds.reduce((n, r) => n + r.count, 0);
  const next = rounds.find((r) => r.done < r.count) ?? rounds[0]!;
  return (
    <div className={styles.screen}>
      <section className={styles.intro} aria-label="必做500题简介">
        <h2 className={styles.introTitle}>必做500题</h2>
        <p className={styles.muted}>按考点热度（历年真题出现次数与考点占比）选出的高频考题，每组50题，建议按顺序逐组完成。</p>
        <p className={styles.muted}>{`共${rounds.length}组 · ${count}题 · 已做 ${done}/${count}`}</p>
        {count < 500 ? <p className={styles.muted}>{`本科目题库共${count}题，已全部收录。`}</p> : null}
        <ProgressBar value={ratio(done, count)} label="必做500题 完成度" />
      </section>
      <button type="button" className={styles.primary} onClick={() => void navigate(itemPath(next))}>
        {done === 0 ? '开始练习' : `继续：第${next.id}组`}
      </button>
      <ul className={styles.list}>
        {rounds.map((r) => (
          <li key={r.id}>
            <ItemRow
              badge={`${r.id}`}
              title={`第${r.id}组`}
              meta={r.done >= r.count ? `已完成 · ${r.count}题` : `已做 ${r.done}/${r.count}`}
              progress={ratio(r.done, r.count)}
              onOpen={() => void navigate(itemPath(r))}
              label={`第${r.id}组 已做${r.done}/${r.count}`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
