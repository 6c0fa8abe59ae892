import { VIDEO_MSG, type PlanLessonInfo } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { chinaDay } from '../../platform/china-time.ts';
import type { FactsStore, SubjectContent } from './facts-store.ts';
import type { PlanCore } from './service.ts';
import type { MeasuredTask } from './view.ts';

/** getvideoinfo / videoview: the plan's lessons with the learner's progress from the video lessons (docs/plan.md). */
export function createPlanLessons(d: { core: PlanCore; records: FactsStore; content: (appId: number) => Promise<SubjectContent>; clock: Clock }) {
  async function load(userId: number, appId: number) {
    const [{ tasks }, content, progress] = await Promise.all([d.core.planned(userId, appId), d.content(appId), d.records.lessonProgress(userId, appId)]);
    return { tasks, lessons: new Map(content.lessons.map((l) => [l.id, l])), progress: new Map(progress.map((p) => [p.lessonId, p])) };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  /** The lesson's task: today's or a later one not skipped, else the one done, else none. */
  const taskOf = (tasks: readonly MeasuredTask[], lessonId: number, today: string) => {
    const mine = tasks.filter((t) => t.kind === 'lesson' && t.refId === lessonId && t.skippedAt === null);
    return mine.find((t) => t.day >= today) ?? mine.find((t) => t.done) ?? null;
  };

  function info(l: Loaded, lessonId: number, today: string): PlanLessonInfo | null {
    const lesson = l.lessons.get(lessonId);
    if (!lesson) return null;
    const p = l.progress.get(lessonId);
    const done = Boolean(p?.completedAt);
    const watched = p?.watchedS ?? 0;
    return {
      lessonID: lesson.id,
      title: lesson.title,
      durationS: lesson.durationS,
      watchedS: watched,
      position: p?.position ?? 0,
      percent: done ? 100 : lesson.durationS > 0 ? Math.min(100, Math.round((100 * watched) / lesson.durationS)) : 0,
      done,
      taskID: taskOf(l.tasks, lessonId, today)?.id ?? null,
    };
  }

  return {
    async videoInfo(userId: number, appId: number) {
      const l = await load(userId, appId);
      const today = chinaDay(d.clock());
      const next = l.tasks.find((t) => t.kind === 'lesson' && t.day >= today && !t.done && t.skippedAt === null);
      const todays = l.tasks.filter((t) => t.kind === 'lesson' && t.day === today && t.refId !== next?.refId && t.skippedAt === null);
      return {
        next: next ? info(l, next.refId, today) : null,
        today: todays.flatMap((t) => info(l, t.refId, today) ?? []),
      };
    },

    async videoView(userId: number, appId: number, lessonId: number): Promise<PlanLessonInfo> {
      const l = await load(userId, appId);
      const found = info(l, lessonId, chinaDay(d.clock()));
      if (!found) throw notFound(VIDEO_MSG.unknownLesson);
      return found;
    },
  };
}
