import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { isLoggedIn } from '../../lib/session';
import { getSelectedSubject, isTrial } from '../../lib/subject';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { classesQuery, samplesQuery, trialAnswers } from './api';
import { SampleQuiz } from './sample-quiz';
import styles from './guest.module.css';

/** The subject of the trial: ?appID=, else the chosen subject, else the first subject the tenant lists. */
function useTrialSubject(): number | null {
  const [params] = useSearchParams();
  const fromQuery = Number(params.get('appID'));
  const chosen = getSelectedSubject()?.AppID ?? null;
  const wanted = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : chosen;
  const classes = useQuery({ ...classesQuery(), enabled: wanted === null });
  return wanted ?? classes.data?.subjects[0]?.AppID ?? null;
}

const INCLUDES = [
  { title: '章节练习', text: '每个部分的第一章可免费练习，答题记录保存在账号中' },
  { title: '视频课程', text: '标有“免费”的课程可完整观看，其余课程可试看开头' },
  { title: '每日一练', text: '每天一组随机题目，试用期间一直开放' },
  { title: '模拟考试', text: '体验人机对话的答题界面，开通班次后解锁全部试卷' },
];

/**
 * /Experience — the trial centre, for tourists (free try, no account; public beyond the spec's whitelist, see
 * docs/guest-campaign.md) and trial learners: what the trial includes, five sample questions to try now, and the way on
 * (a tourist opens an account keeping the answers; a trial learner goes to the free lessons and the courses).
 */
export function ExperienceScreen() {
  const navigate = useNavigate();
  const appID = useTrialSubject();
  const samples = useQuery({ ...samplesQuery(appID ?? 0), enabled: appID !== null });
  const [kept, setKept] = useState(() => trialAnswers().length);
  const loggedIn = isLoggedIn();
  const subject = getSelectedSubject();
  const member = loggedIn && subject !== null && !isTrial(subject);

  let quiz;
  if (appID === null || samples.isPending) quiz = <StateMessage text="加载中…" />;
  else if (samples.isError) quiz = <StateMessage text={errorText(samples.error)} onRetry={() => void samples.refetch()} />;
  else quiz = <SampleQuiz appID={appID} list={samples.data.list} onAnswered={() => setKept(trialAnswers().length)} />;

  return (
    <Page title="体验中心">
      <div className={styles.screen}>
        <section className={styles.hero}>
          <p className={styles.badge}>{loggedIn ? (member ? '您已开通班次' : '试用版') : '游客体验'}</p>
          <h2 className={styles.title}>先试做，再决定</h2>
          <p className={styles.muted}>{samples.data ? `${samples.data.appName} · ${samples.data.chapterName}` : '不用注册，马上试做几道真题风格的练习题。'}</p>
        </section>
        {quiz}
        {!loggedIn ? (
          <section className={styles.card} aria-label="保存试做记录">
            <p className={styles.text}>{kept > 0 ? `本机已保存 ${kept} 道试做记录，注册后会存入您的账号。` : '试做的题目会先保存在本机，注册后存入您的账号。'}</p>
            <div className={styles.quizActions}>
              <button type="button" className={styles.primary} onClick={() => void navigate('/openAccount')}>
                注册并保存记录
              </button>
              <button type="button" className={styles.secondary} onClick={() => void navigate('/courseList')}>
                查看全部课程
              </button>
            </div>
          </section>
        ) : (
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => void navigate('/audition')}>
              免费试听与试做
            </button>
            <button type="button" className={styles.secondary} onClick={() => void navigate(member ? '/homePage' : '/memberCenter')}>
              {member ? '返回首页' : '了解班次'}
            </button>
          </div>
        )}
        <section aria-label="试用包含" className={styles.stack}>
          <h3 className={styles.sectionTitle}>试用版包含</h3>
          <ul className={styles.list}>
            {INCLUDES.map((i) => (
              <li key={i.title} className={styles.rowStatic}>
                <span className={styles.rowMain}>
                  <span className={`${styles.rowTitle} ${styles.block}`}>{i.title}</span>
                  <span className={`${styles.muted} ${styles.block}`}>{i.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Page>
  );
}
