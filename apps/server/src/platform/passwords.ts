import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Password contract: the client sends the lowercase hex MD5 of the typed password; the server stores
 * argon2id (m = 19 MiB, t = 2, p = 1) of that value. Neither value is ever logged.
 */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (an ambient const enum, unusable with isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (md5hex: string): Promise<string> => hash(md5hex, OPTIONS);

let dummy: Promise<string> | undefined;

/**
 * Verify the received MD5 hex against a stored hash. With no stored hash (unknown account or no password
 * set) a dummy hash is verified instead, so that the answer takes the same time either way.
 */
export async function verifyPassword(stored: string | null | undefined, md5hex: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('0'.repeat(32));
    await verify(await dummy, md5hex).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, md5hex);
  } catch {
    return false;
  }
}

/** What the account service needs of password hashing; tests wrap it to count the checks that run. */
export interface PasswordHasher {
  hash(md5hex: string): Promise<string>;
  verify(stored: string | null | undefined, md5hex: string): Promise<boolean>;
}

export const argon2Passwords: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
