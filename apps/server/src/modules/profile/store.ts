import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/index.ts';

export interface ProfileRow {
  id: number;
  userName: string;
  phone: string | null;
  nickName: string;
  avatar: string | null;
  qq: string | null;
  education: string | null;
  profession: string | null;
}

/** Profile columns a change may set (null clears one). */
export type ProfileChange = Partial<Pick<ProfileRow, 'nickName' | 'avatar' | 'qq' | 'education' | 'profession'>>;

const columns = {
  id: users.id,
  userName: users.userName,
  phone: users.phone,
  nickName: users.nickName,
  avatar: users.avatar,
  qq: users.qq,
  education: users.education,
  profession: users.profession,
};

/** The only SQL of profiles: the learner's own row of users, read and written by the session's user id. */
export function createProfileStore(db: Database) {
  return {
    async get(userId: number): Promise<ProfileRow | null> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
      return row ?? null;
    },
    /** Writes the change; answers the row as it was before (its old avatar) and after. */
    async update(userId: number, change: ProfileChange): Promise<{ before: ProfileRow; after: ProfileRow } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(columns).from(users).where(eq(users.id, userId)).for('update');
        if (!before) return null;
        const [after] = await tx.update(users).set(change).where(eq(users.id, userId)).returning(columns);
        return { before, after: after! };
      });
    },
  };
}
export type ProfileStore = ReturnType<typeof createProfileStore>;
