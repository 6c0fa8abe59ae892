import type { Database } from '../../db/index.ts';
import { deleteSessionsOf } from '../../platform/session/store.ts';
import { eraseChangesOf } from '../change-log/index.ts';
import { erasePostsOf } from '../discussion/index.ts';
import { eraseFeedbackOf } from '../feedback/index.ts';
import { eraseLiveChatOf } from '../live/index.ts';
import { eraseInboxOf } from '../message/index.ts';
import { eraseReadingOf } from '../reading/index.ts';
import { eraseShopOf } from '../shop/index.ts';
import { forgetCodesOf } from '../sms-code/index.ts';
import { eraseStudyOf } from '../study/index.ts';
import { anonymiseEvents } from '../tracking/index.ts';
import { eraseAccountRow, lockForErasure } from '../user/index.ts';
import { eraseVideoOf } from '../video/index.ts';

/** What an erasure leaves to do outside the database: the uploaded images to delete from the media store. */
export interface Erased {
  userId: number;
  mediaKeys: string[];
}

/**
 * The erasure of one account after its cooling-off period (docs/account-deletion.md, "What is erased"), in one
 * transaction. It goes ahead only if the request is still open and older than `cutoff` (a login in between cleared
 * it: then nothing changes and the answer is null). Personal data is removed or overwritten; learning rows (answers,
 * exams, progress), purchases and orders stay, tied only to the anonymous account row. Each table is changed by
 * its owner's function (docs/tables.md), all in this one transaction.
 */
export function createEraseStore(db: Database) {
  return {
    async erase(userId: number, cutoff: Date, now: Date): Promise<Erased | null> {
      return db.transaction(async (tx) => {
        const user = await lockForErasure(tx, userId, cutoff);
        if (!user) return null;

        await eraseAccountRow(tx, userId, now);

        // Devices, codes, the inbox and private notes: gone.
        await deleteSessionsOf(tx, userId);
        if (user.phone) await forgetCodesOf(tx, user.phone);
        // Private notes and marks gone, reports kept with their text emptied.
        await eraseStudyOf(tx, userId);
        await eraseVideoOf(tx, userId);
        await eraseReadingOf(tx, userId);
        await eraseShopOf(tx, userId);
        await eraseInboxOf(tx, userId);
        await eraseChangesOf(tx, userId);

        // Rows kept for accounting, moderation or others' threads: their personal parts overwritten.
        const images = await eraseFeedbackOf(tx, userId);
        await erasePostsOf(tx, userId);
        await eraseLiveChatOf(tx, userId);
        // Tracking rows, with a session or without one (the learner only in the payload), in bounded batches.
        await anonymiseEvents(tx, { userId, names: [user.phone, user.userName] });

        const mediaKeys = [user.avatar, ...images].filter((k): k is string => typeof k === 'string' && k !== '');
        return { userId, mediaKeys };
      });
    },
  };
}

export type EraseStore = ReturnType<typeof createEraseStore>;
