import { createHmac } from 'node:crypto';
import { PLAN_MSG } from '@kaoshi/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createEvent } from 'ics';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import { mediaGrant, playTokens, type PlayTokens } from '../../platform/media-tokens.ts';
import { addDays, chinaAt, chinaClock, chinaDay, chinaDayStart, DAY_MS } from '../../platform/china-time.ts';
import type { PostMessage } from '../message/index.ts';
import type { PlanStore, StudyPlanRow } from './store.ts';

/** A reminder whose time passed longer ago than this (a job held up, a restart) is not sent late: it waits for tomorrow. */
export const REMINDER_LATE_MS = 30 * 60_000;
/** The reminder's calendar event lasts this long. */
const EVENT_MINUTES = 30;

/** The .ics link's tokens: a key of their own (from the video token key), opening one plan's calendar file only. */
export const planIcsTokens = (videoKey: Buffer): PlayTokens => playTokens(createHmac('sha256', videoKey).update('plan-ics').digest());

export const planIcsPath = (planId: number, token: string) => `/media/p/${planId}/${token}/plan.ics`;

/**
 * The reminders job (docs/plan.md "Reminders"): plans whose reminder is on and whose time has come today are claimed
 * for the day in one UPDATE (so with several processes, or a second run, each goes out once), then an in-app message
 * and an SMS notice (template 'plan-remind'). Only times of the last REMINDER_LATE_MS: a reminder switched on after its
 * time has passed starts tomorrow.
 */
export async function sendPlanReminders(d: { store: PlanStore; sms: SmsProvider; postMessage: PostMessage; clock: Clock; log: FastifyBaseLogger }): Promise<number> {
  const now = d.clock();
  const today = chinaDay(now);
  const time = chinaClock(now);
  const late = chinaClock(now - REMINDER_LATE_MS);
  const claimed = await d.store.claimReminders(today, late <= time ? late : '00:00', time);
  if (claimed.length === 0) return 0;
  const loads = await d.store.dayLoad(
    claimed.map((c) => c.planId),
    today,
  );
  for (const c of claimed) {
    const load = loads.get(c.planId) ?? { tasks: 0, minutes: 0 };
    const body = load.tasks > 0 ? `今天有${load.tasks}项学习任务，约${load.minutes}分钟，点击查看学习计划。` : '今天的学习计划已准备好，点击查看。';
    await d.postMessage(c.userId, { kind: 'plan', title: PLAN_MSG.reminderTitle, body, link: '/studyMain', dedupe: `plan-warn:${c.planId}:${today}` });
    if (c.phone && d.sms.notify) {
      await d.sms
        .notify({ phone: c.phone, template: 'plan-remind', params: { time, tasks: String(load.tasks) }, agentCode: c.agentCode })
        .catch((err: unknown) => d.log.warn({ err }, 'plan reminder SMS failed'));
    }
  }
  return claimed.length;
}

/** The reminder's calendar file: a daily event at the reminder time (China time) until the day before the exam, with an alarm. */
export function planIcs(plan: StudyPlanRow, now: number): string | null {
  if (!plan.examDate) return null;
  const today = chinaDay(now);
  const last = addDays(plan.examDate, -1);
  if (last < today) return null;
  const start = chinaAt(today, plan.warnTime);
  const until = new Date(chinaAt(last, plan.warnTime))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const { value, error } = createEvent({
    uid: `plan-${plan.id}@kaoshi`,
    title: PLAN_MSG.reminderTitle,
    description: '打开学习计划，完成今天的学习任务：/studyMain',
    start,
    end: start + EVENT_MINUTES * 60_000,
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
    recurrenceRule: `FREQ=DAILY;UNTIL=${until}`,
    alarms: [{ action: 'display', description: PLAN_MSG.reminderTitle, trigger: { minutes: 0, before: true } }],
    productId: 'kaoshi/plan',
  });
  return error ? null : (value ?? null);
}

/** The signed link of a plan's calendar file, valid until the day after the exam. */
export function icsUrl(tokens: PlayTokens, plan: StudyPlanRow, now: number): string {
  const expiresAt = plan.examDate ? Math.max(now + DAY_MS, chinaDayStart(addDays(plan.examDate, 1))) : now + DAY_MS;
  return planIcsPath(plan.id, tokens.sign({ userId: plan.userId, lessonId: plan.id, expiresAt, limitSeconds: 0 }));
}

/** userwarn: the reminder's time and switch; the §4 text and the calendar link. */
export function createWarn(d: { store: PlanStore; tokens: () => PlayTokens; clock: Clock }) {
  return async (userId: number, appId: number, warntime: string | undefined, warnopen: 0 | 1) => {
    const plan = await d.store.plan(userId, appId);
    if (!plan) throw notFound(PLAN_MSG.noPlan);
    const now = d.clock();
    const row = (await d.store.updatePlan(userId, plan.id, { ...(warntime !== undefined && { warnTime: warntime }), warnOpen: warnopen === 1, updatedAt: new Date(now) })) ?? plan;
    return {
      warntime: row.warnTime,
      warnopen: row.warnOpen ? (1 as const) : (0 as const),
      text: row.warnOpen ? PLAN_MSG.warnOn : PLAN_MSG.warnOff,
      icsUrl: icsUrl(d.tokens(), row, now),
    };
  };
}

/** GET /media/p/<planId>/<token>/plan.ics: the calendar file under a token of that plan (else 403, logged). */
export function installPlanIcs(app: FastifyInstance, d: { store: PlanStore; tokens: PlayTokens; clock: Clock }): void {
  app.get('/media/p/:planId/:token/plan.ics', async (request, reply) => {
    const { planId: rawId, token } = request.params as { planId: string; token: string };
    const grant = mediaGrant(request, reply, d.tokens, rawId, token, d.clock(), 'plan calendar');
    if (!grant) return reply;
    const planId = grant.lessonId;
    const plan = await d.store.planById(grant.userId, planId);
    const body = plan ? planIcs(plan, d.clock()) : null;
    if (body === null) return reply.code(404).type('text/plain').send('not found');
    return reply
      .header('cache-control', 'private, max-age=60')
      .header('content-disposition', `attachment; filename="plan-${planId}.ics"`)
      .type('text/calendar; charset=utf-8')
      .send(body);
  });
}
