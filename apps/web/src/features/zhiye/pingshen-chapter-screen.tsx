import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { sourceUrl } from '../../entities/practice/source-url';
import { ItemRow } from '../../ui/plain-list';
import { NO_CONTENT, ratio } from '../../entities/sprint/api';
import { caseChaptersQuery } from './api';
import styles from '../../ui/plain-list.module.css';

/** /pingshenChapter (高级评审·案例章节): chapters holding case groups (CASE, A3, A4), each → the player (plain source case). */
export default function PingshenChapterScreen() {
  return <SubjectPage title="案例分析">{(subject) => <CaseChapters subject={subject} />}</SubjectPage>;
}

function CaseChapters({ subject }: { subject: SelectedSubject }) {
  const q = useQuery(caseChaptersQuery(subject.AppID));
  const navigate = useNavigate();
  const state = queryState(q, subject, { feature: '案例分析' });
  if (state) return state;
  const list = q.data!.list;
  if (list.length === 0) return <StateMessage text={NO_CONTENT} />;
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{`${subject.AppName} · 以病例为主线的共用题干题（案例分析、A3、A4型题）`}</p>
      <ul className={styles.list}>
        {list.map((c, i) => (
          <li key={c.cptID}>
            <ItemRow
              badge={String(i + 1)}
              title={c.name}
              meta={`${c.groups}组案例 · ${c.count}题 · 已做 ${c.done}/${c.count}`}
              progress={ratio(c.done, c.count)}
              onOpen={() => void navigate(sourceUrl({ kind: 'case', cptID: c.cptID }))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
