import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { storeSprintConfig, type SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { ItemRow } from '../../ui/plain-list';
import { itemPath } from './item-path';
import { NO_CONTENT, progressText, ratio, sprintListQuery, type SprintItem, type SprintListData } from '../../entities/sprint/api';
import styles from '../../ui/plain-list.module.css';

/**
 * /sprintList (考前冲刺): the sprint list as the subject's config says (docs/sprint-zhiye.md). ClassType 1 →
 * chapters by heat, 2 → sprint papers, 0 → '内容更新中，敬请期待～'; newClassType 1 → three stages, the
 * 强化提分 stage as two entries (必做500题 → /fivehundredTest, 考前60分 → /md60f).
 */
export default function SprintListScreen() {
  return <SubjectPage title="考前冲刺">{(subject) => <SprintList subject={subject} />}</SubjectPage>;
}

function SprintList({ subject }: { subject: SelectedSubject }) {
  const list = useQuery(sprintListQuery(subject.AppID));
  const data = list.data;
  useEffect(() => {
    // Keep the spec's per-subject config cache (localStorage classType / newClassType) in step with the server.
    if (data) storeSprintConfig(subject.AppID, { ClassType: data.ClassType, newClassType: data.newClassType });
  }, [data, subject.AppID]);
  const state = queryState(list, subject, { feature: '考前冲刺' });
  if (state) return state;
  if (!data || data.stages.length === 0) return <StateMessage text={NO_CONTENT} />;
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{`${subject.AppName} · 考前冲刺`}</p>
      {data.stages.map((stage, i) => (
        <section key={stage.title} className={styles.stage} aria-label={stage.title}>
          {data.stages.length > 1 ? <h2 className={styles.stageTitle}>{`${['一', '二', '三'][i] ?? i + 1}、${stage.title}`}</h2> : null}
          <StageItems data={data} items={stage.items} />
        </section>
      ))}
    </div>
  );
}

function StageItems({ data, items }: { data: SprintListData; items: SprintItem[] }) {
  const navigate = useNavigate();
  const rounds = items.filter((i) => i.set === 'hot500');
  const rest = items.filter((i) => i.set !== 'hot500');
  if (items.length === 0) return <p className={styles.empty}>{NO_CONTENT}</p>;
  const hotDone = rounds.reduce((n, r) => n + r.done, 0);
  const hotCount = rounds.reduce((n, r) => n + r.count, 0);
  return (
    <ul className={styles.list}>
      {rounds.length > 0 ? (
        <li>
          <ItemRow
            badge="500"
            title="必做500题"
            meta={`${rounds.length}组 · 已做 ${hotDone}/${hotCount}`}
            progress={ratio(hotDone, hotCount)}
            onOpen={() => void navigate('/fivehundredTest')}
          />
        </li>
      ) : null}
      {rest.map((item) => (
        <li key={`${item.kind}-${item.set ?? ''}-${item.id}`}>
          <ItemRow
            badge={badgeOf(item, data)}
            title={item.title}
            meta={progressText(item)}
            progress={item.kind === 'paper' ? undefined : ratio(item.done, item.count)}
            onOpen={() => void navigate(item.set === 'pass60' ? '/md60f' : itemPath(item))}
          />
        </li>
      ))}
    </ul>
  );
}

function badgeOf(item: SprintItem, data: SprintListData): string {
  if (item.set === 'pass60') return '60分';
  if (item.kind === 'paper') return '试卷';
  const base = data.stages[0]?.items ?? [];
  return String(base.indexOf(item) + 1 || '章');
}
