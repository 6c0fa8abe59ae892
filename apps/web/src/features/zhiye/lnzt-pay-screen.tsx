import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { UnlockPanel } from '../../ui/unlock-panel';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { packSummary, yearsQuery } from './api';
import styles from '../../ui/plain-list.module.css';

/**
 * /lnztjpay (历年真题精讲·开通): the 历年真题 pack's buy page — what it holds (years, questions, past papers),
 * the versions that open it and 去开通 → /buyApp?moduleType=dialog[&posSlide]. A holder goes to /lnztgather.
 */
export default function LnztPayScreen() {
  return <SubjectPage title="历年真题精讲">{(subject) => <Pack subject={subject} />}</SubjectPage>;
}

function Pack({ subject }: { subject: SelectedSubject }) {
  const years = useQuery(yearsQuery(subject.AppID));
  const navigate = useNavigate();
  const allowed = years.data?.allowed === true;
  useEffect(() => {
    if (allowed) void navigate('/lnztgather', { replace: true });
  }, [allowed, navigate]);
  const state = queryState(years, subject, { feature: '历年真题' });
  if (state) return state;
  const d = years.data!;
  if (d.allowed) return null;
  const sum = packSummary(d);
  return (
    <div className={styles.screen}>
      <section className={styles.intro} aria-label="历年真题精讲内容">
        <h2 className={styles.introTitle}>历年真题精讲</h2>
        <p className={styles.muted}>{`${subject.AppName}历年考试原题，逐题详解，按年份练习、按章节查看考情。`}</p>
        <ul className={styles.bullets}>
          <li>{`${sum.years}个年份 · ${sum.questions}道真题，每题附答案与解析`}</li>
          {sum.papers.length > 0 ? <li>{`整套真题试卷：${sum.papers.join('、')}`}</li> : null}
          <li>按年份练习，答错自动进入错题本</li>
        </ul>
        {d.list.length > 0 ? (
          <ul className={styles.chips} aria-label="收录年份">
            {d.list.map((y) => (
              <li key={y.year} className={styles.chip}>
                {`${y.year}年 ${y.count}题`}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <UnlockPanel current={versionBadge(subject)} versions={d.unlocking} />
    </div>
  );
}
