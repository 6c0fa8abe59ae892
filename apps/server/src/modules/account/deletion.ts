import { ACCOUNT_MSG, DELETION_COOLING_OFF_DAYS, DELETION_COOLING_OFF_MS, type DeletionInfo } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { maskPhone } from '../../platform/crypto.ts';
import { badInput } from '../../platform/errors.ts';
import type { Session, SessionService } from '../../platform/session/service.ts';
import type { SmsCodeService } from '../sms-code/index.ts';
import type { EraseStore } from './erase-store.ts';
import type { AccountStore } from './store.ts';

/** Accounts erased per run of the job; the rest wait for the next run. */
export const ERASE_BATCH = 50;

export interface DeletionDeps {
  store: AccountStore;
  erasure: EraseStore;
  sessions: SessionService;
  codes: SmsCodeService;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Deletes an uploaded image from the media store (modules/upload); absent: nothing to delete. */
  deleteUpload?: (key: string) => Promise<unknown>;
}

/**
 * Account deletion (docs/account-deletion.md): the request re-checked by an SMS code to the bound phone, every session
 * ended at once, a cooling-off period in which a login cancels it (modules/user clears users.delete_requested_at),
 * then the job erases the personal data.
 */
export function createDeletionService(deps: DeletionDeps) {
  const { store, sessions, codes, clock, log } = deps;

  async function bound(userId: number): Promise<{ phone: string; agentCode: string }> {
    const account = await store.account(userId);
    if (account?.deleteRequestedAt || account?.deletedAt) throw badInput(ACCOUNT_MSG.alreadyRequested);
    if (!account?.phone) throw badInput(ACCOUNT_MSG.noPhone);
    return { phone: account.phone, agentCode: account.agentCode };
  }
  const phoneOf = async (userId: number) => (await bound(userId)).phone;

  return {
    async info(userId: number): Promise<DeletionInfo> {
      const account = await store.account(userId);
      const losses = await store.losses(userId, new Date(clock()));
      return { phone: account?.phone ? maskPhone(account.phone) : '', coolingOffDays: DELETION_COOLING_OFF_DAYS, ...losses };
    },

    async sendCode(userId: number, ip: string, captcha: { id?: string; answer?: string }) {
      const { phone, agentCode } = await bound(userId);
      return codes.send(phone, 'cancel', ip, captcha, agentCode);
    },

    async request(session: Session, code: string): Promise<{ eraseAt: string }> {
      const phone = await phoneOf(session.userId);
      await codes.verify(phone, 'cancel', code, { consume: true });
      const now = clock();
      if (!(await store.requestDeletion(session.userId, new Date(now)))) throw badInput(ACCOUNT_MSG.alreadyRequested);
      await sessions.endAll(session.userId, 'deletion');
      log.info({ userId: session.userId }, 'account deletion requested');
      return { eraseAt: new Date(now + DELETION_COOLING_OFF_MS).toISOString() };
    },

    /** The job: erase every account whose cooling-off period is over; answers how many were erased. */
    async eraseDue(): Promise<number> {
      const now = clock();
      const cutoff = new Date(now - DELETION_COOLING_OFF_MS);
      let erased = 0;
      for (const userId of await store.due(cutoff, ERASE_BATCH)) {
        const done = await deps.erasure.erase(userId, cutoff, new Date(now));
        if (!done) continue;
        erased++;
        for (const key of done.mediaKeys) {
          await deps.deleteUpload?.(key).catch((err: unknown) => log.warn({ err, userId }, 'erased account: media file not deleted'));
        }
        log.info({ userId, media: done.mediaKeys.length }, 'account erased after the cooling-off period');
      }
      return erased;
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
