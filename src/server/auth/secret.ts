/**
 * The key that signs session tokens: JWT_SECRET when set, otherwise a random key generated on first
 * use and kept in DATA_DIR, so tokens survive restarts and no secret ever lives in the code.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Env } from "../env";

/** The generated session key's file in DATA_DIR (a backup carries it). */
export const SECRET_FILE = "jwt-secret";

export function loadJwtSecret(env: Pick<Env, "JWT_SECRET" | "DATA_DIR">): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = join(env.DATA_DIR, SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const fresh = randomBytes(48).toString("base64url");
  // 0600: only the shop's own user may read the key.
  writeFileSync(file, `${fresh}\n`, { mode: 0o600 });
  return new TextEncoder().encode(fresh);
}
