import type { Database } from '../../db/index.ts';
import { changeProfile, profileOf, type ProfileChange, type ProfileRow } from '../user/index.ts';

export type { ProfileChange, ProfileRow };

/** Profiles are the profile columns of the learner's own row of `users`, read and written through the user module's face. */
export function createProfileStore(db: Database) {
  return {
    get: (userId: number) => profileOf(db, userId),
    /** Writes the change; answers the row as it was before (its old avatar) and after. */
    update: (userId: number, change: ProfileChange) => changeProfile(db, userId, change),
  };
}
export type ProfileStore = ReturnType<typeof createProfileStore>;
