/**
 * How hard a signing secret is to guess, in bits: its length times the randomness its characters allow (lower case,
 * upper case, digits, symbols: the classes it uses), except where zxcvbn (`@zxcvbn-ts`, a password-strength
 * estimator built like a cracker) finds a pattern, whose span counts only as many bits as guessing that pattern
 * takes: a keyboard run ("qwertyuiop"), a sequence ("0123456789abcdef"), a repetition, a common or English word,
 * a date or a year. So 32 characters of `openssl rand -base64` score about 190 bits, `0123456789abcdefghijklmnopqrstuv`
 * 12, `rodamos-jwt-secret-change-me-now-2026` 38 and a passphrase of seven English words some 70: only random strings
 * reach the 128 production asks.
 * The estimator and its dictionaries (some 7 MB) are loaded on the first judgement, which only a production start makes.
 */
import { createRequire } from "node:module";
import type * as Core from "@zxcvbn-ts/core";
import type { ZxcvbnFactory as Factory, Match } from "@zxcvbn-ts/core";
import type * as Common from "@zxcvbn-ts/language-common";
import type * as English from "@zxcvbn-ts/language-en";

/** Words the shop's own secrets are made of in guides and examples: a secret built of them is no secret. */
const SHOP_WORDS = ["rodamos", "jwt", "secret", "change", "changeme", "shop", "example", "production", "key", "token", "hs256"];

let estimator: Factory | undefined;
function zxcvbn(): Factory {
  if (estimator) return estimator;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory } = require("@zxcvbn-ts/core") as typeof Core;
  const common = require("@zxcvbn-ts/language-common") as typeof Common;
  const english = require("@zxcvbn-ts/language-en") as typeof English;
  estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary, shop: SHOP_WORDS }, graphs: common.adjacencyGraphs, translations: english.translations });
  return estimator;
}

/** Bits of randomness one character of the secret can carry, from the classes of character it uses. */
function bitsPerCharacter(secret: string): number {
  let alphabet = 0;
  if (/[a-z]/.test(secret)) alphabet += 26;
  if (/[A-Z]/.test(secret)) alphabet += 26;
  if (/[0-9]/.test(secret)) alphabet += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) alphabet += 33;
  return Math.log2(Math.max(alphabet, 2));
}

/**
 * Only the first characters are judged: 64 random ones are far past the goal, and the estimator's time grows with
 * the square of the length (a 64-character secret takes it about half a second).
 */
const JUDGED_LENGTH = 64;

/** Characters that join words in a passphrase ("change-me-now"): each piece between them is judged on its own. */
const SEPARATORS = /[-_.\s:/+,;|]+/;
/** What a separator adds: one of a few usual characters. */
const SEPARATOR_BITS = Math.log2(10);

/** One piece's bits: its stretches without a pattern at its characters' randomness, its patterns at their guesses. */
function pieceBits(piece: string, perChar: number): number {
  let bits = 0;
  for (const match of zxcvbn().check(piece).sequence as Match[]) {
    const span = match.j - match.i + 1;
    bits += match.pattern === "bruteforce" ? span * perChar : Math.min(span * perChar, Math.log2(Math.max(match.guesses, 1)));
  }
  return bits;
}

/**
 * The secret's strength in bits (see above); 0 for an empty one. The estimator prices an unknown stretch at ten
 * guesses a character, so it would rather call "-that-is-long-" random than find its words: the secret is cut at
 * its separators first and each piece judged alone.
 */
export function secretStrengthBits(whole: string): number {
  const secret = whole.slice(0, JUDGED_LENGTH);
  if (!secret) return 0;
  const perChar = bitsPerCharacter(secret);
  const pieces = secret.split(SEPARATORS).filter(Boolean);
  const separators = secret.length - pieces.join("").length > 0 ? (secret.match(new RegExp(SEPARATORS.source, "g")) ?? []).length : 0;
  return pieces.reduce((sum, piece) => sum + pieceBits(piece, perChar), separators * SEPARATOR_BITS);
}
