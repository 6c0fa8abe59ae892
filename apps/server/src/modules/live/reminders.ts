import { LIVE_REMIND_BEFORE_MS } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { chinaClock } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import type { PostMessage } from '../message/index.ts';
import type { LiveStore } from './store.ts';

/**
 * Reminders (docs/live.md, "Reminders"): every booking of a session starting within LIVE_REMIND_BEFORE_MS gets,
 * once, an in-app message and a text through the SMS provider's notice (the development provider logs it). A
 * booking is claimed before anything is sent, so with several processes each reminder still goes out once.
 */
export async function sendReminders(d: { store: LiveStore; sms: SmsProvider; postMessage: PostMessage; clock: Clock; log: FastifyBaseLogger }): Promise<number> {
  const now = new Date(d.clock());
  const due = await d.store.dueReminders(now, new Date(now.getTime() + LIVE_REMIND_BEFORE_MS));
  let sent = 0;
  for (const r of due) {
    if (!(await d.store.markReminded(r.userId, r.sessionId, now))) continue;
    const at = chinaClock(r.startsAt.getTime());
    await d.postMessage(r.userId, {
      kind: 'live',
      title: '直播提醒',
      body: `你预约的直播「${r.title}」将于${at}开始，点击进入直播间。`,
      link: `/liveroom?liveID=${r.sessionId}`,
      dedupe: `live-remind:${r.sessionId}:${r.userId}:${r.startsAt.getTime()}`,
    });
    if (r.phone && d.sms.notify) {
      await d.sms
        .notify({ phone: r.phone, template: 'live-remind', params: { title: r.title, time: at }, agentCode: r.agentCode })
        .catch((err: unknown) => d.log.warn({ err }, 'live reminder SMS failed'));
    }
    sent++;
  }
  return sent;
}
