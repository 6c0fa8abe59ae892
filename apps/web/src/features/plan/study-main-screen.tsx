import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { PlanTask, PlanView } from '@kaoshi/contract';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { errorText } from '../../lib/error-text';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { alertMsg, confirm, toast } from '../../ui/dialogs';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { useStartMode } from '../../entities/exam-center/use-start';
import { PAPER_MODE, skipTask, storeToday, studyQuery, taskPath } from './api';
import { addDays, chinaToday, shortDay } from './plan-format';
import { PlanHeader, ProgressBar } from './components/plan-header';
import { ReminderRow } from './components/reminder-row';
import { StageMap } from './components/stage-map';
import { TaskList } from './components/task-list';
import { WeekRankCard } from './components/week-rank-card';
import styles from './plan.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /studyMain[?date=YYYY-MM-DD] (docs/plan.md): the plan's day (today by default) with its tasks and their measured
 * progress, the stage map, the total progress, the streak, this week's ranking and the reminder row. Without a plan
 * the learner goes to /openStudy. Read again whenever the page comes back into view, so a task done in practice
 * shows ticked.
 */
export function StudyMainScreen() {
  return <SubjectPage title="学习计划">{(subject) => <StudyMain subject={subject} />}</SubjectPage>;
}

export default StudyMainScreen;

function StudyMain({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const today = chinaToday();
  const asked = params.get('date');
  const date = asked && DAY.test(asked) && asked !== today ? asked : undefined;
  const view = useQuery({ ...studyQuery(subject.AppID, date), placeholderData: keepPreviousData });
  const state = queryState(view, subject, { feature: '学习计划', loading: '正在读取你的学习计划…' });
  if (state) return state;
  const data = view.data!;
  if (!data.plan) return <Navigate to="/openStudy" replace />;
  return <PlanBody subject={subject} view={data as PlanView & { plan: NonNullable<PlanView['plan']> }} today={today} />;
}

function PlanBody({ subject, view, today }: { subject: SelectedSubject; view: PlanView & { plan: NonNullable<PlanView['plan']> }; today: string }) {
  const { plan, day, stages, streak, locked } = view;
  const appID = subject.AppID;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const starter = useStartMode(subject);
  const [buying, setBuying] = useState(false);
  const skip = useMutation({
    mutationFn: (t: PlanTask) => skipTask(appID, t.taskID),
    onSuccess: (v) => {
      storeToday(client, appID, v);
      toast('已跳过，后面的计划已重新安排');
    },
    onError: (err) => void alertMsg(errorText(err)),
  });

  const date = day?.date ?? today;
  const first = stages[0]?.from ?? today;
  const last = addDays(plan.mdate, -1);
  const goDay = (d: string) => setParams(d === today ? {} : { date: d }, { replace: true });
  const go = (t: PlanTask) => (t.kind === 'paper' ? starter.start({ testMode: PAPER_MODE, paperID: t.refID }) : void navigate(taskPath(t)));
  const askSkip = async (t: PlanTask) => {
    if (await confirm({ content: `确定跳过“${t.title}”吗？跳过后该内容不再安排，剩余的天数会重新安排。` })) skip.mutate(t);
  };
  const lockedParts = [
    [locked.chapters, '个章节'],
    [locked.lessons, '节视频'],
    [locked.handouts, '份讲义'],
    [locked.papers, '套模拟卷'],
  ].filter(([n]) => Number(n) > 0);

  return (
    <div className={styles.screen}>
      <PlanHeader plan={plan} streak={streak} />
      {plan.notice ? (
        <p className={styles.notice} role="status">
          {plan.notice}
        </p>
      ) : null}
      <section className={styles.card} aria-labelledby="day-title">
        <div className={styles.dayHead}>
          <button type="button" className={styles.dayArrow} aria-label="前一天" disabled={date <= first} onClick={() => goDay(addDays(date, -1))}>
            ‹
          </button>
          <h2 id="day-title" className={styles.dayTitle}>
            {date === today ? '今日任务' : `${shortDay(date)}任务`}
          </h2>
          <button type="button" className={styles.dayArrow} aria-label="后一天" disabled={date >= last} onClick={() => goDay(addDays(date, 1))}>
            ›
          </button>
        </div>
        {day ? (
          <>
            <div className={styles.dayProgress}>
              <ProgressBar value={day.doneMinutes} max={day.minutes} label="当天完成进度" />
              <span className={styles.taskFigure}>{`${day.percent}% · ${day.doneMinutes}/${day.minutes}分钟`}</span>
            </div>
            <TaskList tasks={day.tasks} canSkip={date >= today} busy={skip.isPending} onGo={go} onSkip={(t) => void askSkip(t)} />
            {date === today && date < last && day.minutes < plan.timesize / 2 ? (
              <p className={styles.muted}>{`内容已按天均匀安排，今天约${day.minutes}分钟。学有余力可以提前完成后面的任务，做过的会自动计入。`}</p>
            ) : null}
          </>
        ) : null}
        {date !== today ? (
          <button type="button" className={styles.textButton} onClick={() => goDay(today)}>
            回到今天
          </button>
        ) : null}
      </section>
      <StageMap stages={stages} />
      {lockedParts.length > 0 && locked.unlocking.length > 0 ? (
        <section className={styles.card} aria-label="更多内容">
          <p className={styles.muted}>{`开通班次后，还可将${lockedParts.map(([n, w]) => `${n}${w}`).join('、')}加入计划`}</p>
          <button type="button" className={styles.textButton} onClick={() => setBuying(true)}>
            查看开通班次
          </button>
        </section>
      ) : null}
      <WeekRankCard appID={appID} />
      <ReminderRow key={plan.plan_id} appID={appID} warntime={plan.warntime} warnopen={plan.warnopen} />
      <nav className={styles.links} aria-label="学习计划">
        <Link className={styles.secondary} to="/studyFinally">
          学习报告
        </Link>
        <Link className={styles.secondary} to="/openStudy">
          调整计划
        </Link>
      </nav>
      {starter.prompt}
      <SheetBuyPrompt open={buying} currentName={versionBadge(subject)} versions={locked.unlocking} onClose={() => setBuying(false)} />
    </div>
  );
}
