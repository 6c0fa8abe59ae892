import { ERASED_NAME, ERASED_TEXT } from '@kaoshi/contract';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  addresses,
  changeLog,
  consents,
  discussionPosts,
  feedbacks,
  liveMessages,
  notes,
  orders,
  questionReports,
  readingMarks,
  readingReports,
  sessions,
  smsCodes,
  userMessages,
  users,
  videoNotes,
  videoReports,
} from '../../db/schema/index.ts';
import { anonymiseEvents } from './erase-events.ts';

/** What an erasure leaves to do outside the database: the uploaded images to delete from the media store. */
export interface Erased {
  userId: number;
  mediaKeys: string[];
}

/** The user name an erased account keeps (unique, never a phone, so no login can reach it). */
export const tombstoneName = (userId: number) => `已注销_${userId}`;

/**
 * The erasure of one account after its cooling-off period (docs/account-deletion.md, "What is erased"), in one
 * transaction. It goes ahead only if the request is still open and older than `cutoff` (a login in between cleared
 * it: then nothing changes and the answer is null). Personal data is removed or overwritten; learning rows (answers,
 * exams, progress), purchases and orders stay, tied only to the anonymous account row.
 */
export function createEraseStore(db: Database) {
  return {
    async erase(userId: number, cutoff: Date, now: Date): Promise<Erased | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ phone: users.phone, userName: users.userName, avatar: users.avatar })
          .from(users)
          .where(and(eq(users.id, userId), lte(users.deleteRequestedAt, cutoff), isNull(users.deletedAt)))
          .for('update');
        if (!user) return null;

        await tx
          .update(users)
          .set({
            userName: tombstoneName(userId),
            phone: null,
            nickName: ERASED_NAME,
            passwordHash: null,
            avatar: null,
            qq: null,
            education: null,
            profession: null,
            weakPassword: false,
            lastIp: null,
            lastLoginAt: null,
            deletedAt: now,
          })
          .where(eq(users.id, userId));

        // Devices, codes, the inbox and private notes: gone.
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        if (user.phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
        await tx.delete(notes).where(eq(notes.userId, userId));
        await tx.delete(videoNotes).where(eq(videoNotes.userId, userId));
        await tx.delete(readingMarks).where(eq(readingMarks.userId, userId));
        await tx.delete(addresses).where(eq(addresses.userId, userId));
        await tx.delete(userMessages).where(eq(userMessages.userId, userId));
        await tx.delete(changeLog).where(eq(changeLog.userId, userId));

        // Rows kept for accounting, moderation or others' threads: their personal parts overwritten.
        await tx.update(consents).set({ ip: null }).where(eq(consents.userId, userId));
        await tx.update(orders).set({ delivery: null, shareToken: null }).where(eq(orders.userId, userId));
        const images = await tx.select({ images: feedbacks.images }).from(feedbacks).where(eq(feedbacks.userId, userId));
        await tx.update(feedbacks).set({ content: ERASED_TEXT, contact: '', images: [], client: {} }).where(eq(feedbacks.userId, userId));
        await tx.update(discussionPosts).set({ body: ERASED_TEXT }).where(eq(discussionPosts.userId, userId));
        await tx.update(liveMessages).set({ name: ERASED_NAME, text: ERASED_TEXT }).where(eq(liveMessages.userId, userId));
        await tx.update(questionReports).set({ content: '' }).where(eq(questionReports.userId, userId));
        await tx.update(readingReports).set({ content: '' }).where(eq(readingReports.userId, userId));
        await tx.update(videoReports).set({ text: '' }).where(eq(videoReports.userId, userId));
        // Tracking rows, with a session or without one (the learner only in the payload), in bounded batches.
        await anonymiseEvents(tx, { userId, names: [user.phone, user.userName] });

        const mediaKeys = [user.avatar, ...images.flatMap((r) => r.images ?? [])].filter((k): k is string => typeof k === 'string' && k !== '');
        return { userId, mediaKeys };
      });
    },
  };
}

export type EraseStore = ReturnType<typeof createEraseStore>;
