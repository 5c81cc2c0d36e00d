/**
 * Password hashing with argon2id at (at least) the OWASP minimum: 19 MiB of memory, 2 passes, 1 lane.
 * A hash made with weaker settings still verifies; `needsRehash` says when to upgrade it.
 */
import { hash, parseOptions, verify, type Algorithm } from "@node-rs/argon2";

/** `Algorithm.Argon2id`; the enum is a `const enum`, which isolated modules cannot import. */
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== ARGON2ID ||
      options.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      options.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

/**
 * A hash of a password nobody knows, verified against when the email is unknown so that a wrong email
 * and a wrong password take the same time.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash("decoy-password-that-never-matches", PASSWORD_HASH_OPTIONS);
  return decoy;
}
