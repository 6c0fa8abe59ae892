import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { Denied, queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { sourceUrl } from '../../entities/practice/source-url';
import { ItemRow } from '../../ui/plain-list';
import { NO_CONTENT, ratio } from '../../entities/sprint/api';
import { packSummary, yearsQuery } from './api';
import styles from '../../ui/plain-list.module.css';

/**
 * /lnztgather (历年真题汇总): the years of past-exam questions, newest first, each → the player (plain source
 * year); a year with a stored past paper also offers 整卷模考 → /realPapertest. Module 'paper': a learner
 * without it gets the buy prompt.
 */
export default function LnztGatherScreen() {
  return <SubjectPage title="历年真题">{(subject) => <Years subject={subject} />}</SubjectPage>;
}

function Years({ subject }: { subject: SelectedSubject }) {
  const years = useQuery(yearsQuery(subject.AppID));
  const navigate = useNavigate();
  const state = queryState(years, subject, { feature: '历年真题' });
  if (state) return state;
  const d = years.data!;
  if (!d.allowed) return <Denied versions={d.unlocking} currentName={versionBadge(subject)} feature="历年真题" />;
  if (d.list.length === 0) return <StateMessage text={NO_CONTENT} />;
  const sum = packSummary(d);
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{`${subject.AppName} · ${sum.years}个年份 · ${sum.questions}道真题`}</p>
      <ul className={styles.list}>
        {d.list.map((y) => (
          <li key={y.year} className={styles.rowWrap}>
            <ItemRow
              badge={String(y.year)}
              title={`${y.year}年真题回顾`}
              meta={y.count > 0 ? `${y.count}题 · 已做 ${y.done}/${y.count}` : '暂无单题，可做整卷'}
              progress={y.count > 0 ? ratio(y.done, y.count) : undefined}
              disabled={y.count === 0}
              onOpen={() => void navigate(sourceUrl({ kind: 'year', year: y.year }))}
            />
            {y.paperID ? (
              <button type="button" className={styles.secondary} aria-label={`${y.paperName ?? ''} 整卷模考`} onClick={() => void navigate('/realPapertest')}>
                整卷模考
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
