import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { consents, users, type UserRow } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
/** An accepted 用户协议/隐私政策 version, without the learner (known once the account exists). */
export type Consent = Omit<typeof consents.$inferInsert, 'userId'>;

export function createUserStore(db: Database) {
  return {
    async byId(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** The account whose bound phone is `phone`: the only lookup for flows proven by an SMS code to that phone. */
    async byPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone));
      return row;
    },

    /** The account a learner means by `name`: its user name, else its phone. */
    async byLogin(name: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(or(eq(users.userName, name), eq(users.phone, name)))
        .orderBy(sql`${users.userName} = ${name} desc`)
        .limit(1);
      return rows[0];
    },

    /** Insert, with the consent it was created under (one transaction); undefined when the user name or phone is already taken. */
    async create(row: NewUser, consent?: Consent): Promise<UserRow | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx.insert(users).values(row).returning();
          if (created && consent) await tx.insert(consents).values({ ...consent, userId: created.id });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Records a consent of an existing account; a version already accepted keeps its first record. */
    async recordConsent(userId: number, consent: Consent): Promise<void> {
      await db
        .insert(consents)
        .values({ ...consent, userId })
        .onConflictDoNothing();
    },

    /** The versions the learner accepted, oldest first. */
    async consentsOf(userId: number): Promise<(typeof consents.$inferSelect)[]> {
      return db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.acceptedAt);
    },

    async hasConsent(userId: number, version: string): Promise<boolean> {
      const rows = await db
        .select({ v: consents.version })
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.version, version)));
      return rows.length > 0;
    },

    /** A new password (never a weak one: the service refuses those), when it was set. */
    async setPasswordHash(id: number, passwordHash: string, at: Date): Promise<void> {
      await db.update(users).set({ passwordHash, passwordChangedAt: at, weakPassword: false }).where(eq(users.id, id));
    },

    /** What the last password login found: whether the password is on the weak list. */
    async setWeakPassword(id: number, weak: boolean): Promise<void> {
      await db.update(users).set({ weakPassword: weak }).where(eq(users.id, id));
    },

    /** Clears a pending deletion request (cooling-off period, not yet erased); true when there was one. */
    async cancelDeletion(id: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ deleteRequestedAt: null })
        .where(and(eq(users.id, id), isNotNull(users.deleteRequestedAt), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async recordLogin(id: number, at: Date, ip: string): Promise<void> {
      await db.update(users).set({ lastLoginAt: at, lastIp: ip }).where(eq(users.id, id));
    },

    async setLastIp(id: number, ip: string): Promise<void> {
      await db.update(users).set({ lastIp: ip }).where(eq(users.id, id));
    },

    /**
     * Bind a new phone; a user name that was the old phone follows it (the old number may be handed to
     * someone else by the carrier and must not keep naming this account). False when either is taken.
     */
    async setPhone(id: number, phone: string, userName?: string): Promise<boolean> {
      try {
        await db
          .update(users)
          .set(userName ? { phone, userName } : { phone })
          .where(eq(users.id, id));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
