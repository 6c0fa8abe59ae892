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

/** The learner's profile row (modules/profile shows and changes it; `users` is this module's, docs/tables.md). */
export async function profileOf(db: Database, userId: number): Promise<ProfileRow | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Writes a profile change; answers the row as it was before (its old avatar) and after, or null for no such user. */
export async function changeProfile(db: Database, userId: number, change: ProfileChange): Promise<{ before: ProfileRow; after: ProfileRow } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(users).where(eq(users.id, userId)).for('update');
    if (!before) return null;
    const [after] = await tx.update(users).set(change).where(eq(users.id, userId)).returning(columns);
    return { before, after: after! };
  });
}
