/**
 * The answer cache of the public catalogue reads: each answer is computed once per catalogue version and kept as
 * the bytes that were sent, with their strong ETag, until a catalogue change touches it (src/server/change-feed/
 * change-feed.ts), the time it changes by itself comes (a date passes, a hold runs out), or the memory bound pushes
 * it out (least recently used first, by count and by bytes).
 *
 * An answer read from the database while a change that touches it commits could hold the old state: every change
 * gets a sequence number, and an answer whose computation began before a change that touches it is served to its
 * own caller but never stored.
 *
 * An on-sale rush is the exception, for stock alone. While one event's stock changes RUSH_CHANGES times within
 * RUSH_WINDOW_MS (sales landing many times a second), a stock change to it no longer drops its answers: each is kept
 * until it is RUSHED_STOCK_MAX_AGE_MS old, and one computed while such changes landed is stored for as long. Every
 * buyer's offer read would otherwise reach the database, at the very moment the seats are being taken there; a
 * rushed offer is then at most a second old, as its `Cache-Control: max-age=1` lets any browser or CDN keep it
 * anyway, and the purchase itself still refuses a seat that is gone. A lone sale is shown at once.
 */
import { createHash } from "node:crypto";
import type { CatalogueArea, CatalogueChange } from "../change-feed/change-feed";
import { LruMap } from "../http/lru-map";

/** What an answer depends on, told by the route that computed it. */
export interface AnswerFacts {
  /** The catalogue areas it was read from. */
  areas: readonly CatalogueArea[];
  /** The events it shows; absent when it may show any event (a list): a change to any event touches it. */
  eventIds?: readonly number[];
  /** When it changes by the clock alone (an upcoming date passes, a hold runs out); absent or null: never. */
  until?: Date | null;
}

export interface CachedAnswer {
  status: number;
  /**
   * The body as text: Node sends a text body in one write with the headers (a byte body costs a second buffer in
   * a writev), which is most of what a kept answer costs to send.
   */
  text: string;
  /** Its size in UTF-8 bytes (Content-Length). */
  byteLength: number;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Epoch ms from which the answer is no longer valid (Infinity: until a change touches it). */
  until: number;
  /** Epoch ms of the clock it was computed at: a clock moved back before it (tests) does not reuse it. */
  computedAt: number;
  /** Encoded copies, made on first demand ("br", "gzip"). */
  encoded: Map<string, Uint8Array>;
}

interface Stored {
  answer: CachedAnswer;
  size: number;
  /** Index cells this entry is registered in, to leave them when it goes. */
  cells: Set<string>[];
}

export interface AnswerCacheOptions {
  /** At most this many answers (default 4,096). */
  maxEntries?: number;
  /** At most this many bytes of answer bodies, copies and keys (default 32 MiB). */
  maxBytes?: number;
  /** The shop's clock, epoch ms (tests move it); default Date.now. */
  now?: () => number;
}

/**
 * Stock changes of one event within RUSH_WINDOW_MS that make it rushed: ten, so that a few sales close together (a
 * group booking at once, a staff member's quick decisions) are still shown at once, while an on-sale rush (over a
 * hundred sales a second) is caught within its first tenth of a second.
 */
export const RUSH_CHANGES = 10;
export const RUSH_WINDOW_MS = 1000;
/** How old a rushed event's stock answer may be: its Cache-Control max-age. */
export const RUSHED_STOCK_MAX_AGE_MS = 1000;

/** A change older than the oldest remembered one cannot be checked: answers begun before it are not stored. */
const CHANGE_LOG_LENGTH = 512;
/** Bookkeeping per entry beyond its bytes (Map slots, index sets, the object itself), roughly. */
const ENTRY_OVERHEAD = 400;

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

export class AnswerCache {
  /** Least recently used first; a hit moves no Map entry (http/lru-map.ts: that made a full cache's hits slow). */
  private readonly entries = new LruMap<Stored>();
  /** area -> "*" (answers that may show any event) or event id -> keys. */
  private readonly index = new Map<CatalogueArea, Map<number | "*", Set<string>>>();
  /** `rushed`: a stock change to rushed events, which shortens the life of what it touches instead of ending it. */
  private readonly changeLog: { seq: number; change: CatalogueChange | "all"; rushed: boolean }[] = [];
  /** Event id -> times of its latest stock changes (at most RUSH_CHANGES, within RUSH_WINDOW_MS). */
  private readonly stockChanges = new Map<number, number[]>();
  private readonly now: () => number;
  private seq = 0;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly flights = new Map<string, Promise<CachedAnswer | undefined>>();
  readonly stats: AnswerCacheStats = { entries: 0, bytes: 0, hits: 0, misses: 0, invalidations: 0 };

  constructor(options: AnswerCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 4096;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /**
   * The stored answer for `key` if it is still valid at `now` (epoch ms); refreshes its place in the LRU order.
   * `countMiss` false: a look that will be followed by another (the fast lane's) does not count a miss twice.
   */
  get(key: string, now: number, countMiss = true): CachedAnswer | undefined {
    const stored = this.entries.peek(key);
    if (!stored) {
      if (countMiss) this.stats.misses += 1;
      return undefined;
    }
    const { answer } = stored;
    if (now >= answer.until || now < answer.computedAt) {
      this.remove(key);
      this.syncStats();
      if (countMiss) this.stats.misses += 1;
      return undefined;
    }
    this.entries.get(key);
    this.stats.hits += 1;
    return answer;
  }

  /** A token to hand to `put`: the sequence number of the last change seen before the answer is read. */
  begin(): number {
    return this.seq;
  }

  /**
   * Stores an answer computed since `token` (from `begin`) unless a change since then touches it; answers whether
   * it was stored.
   */
  put(key: string, answer: CachedAnswer, facts: AnswerFacts, token: number): boolean {
    const changed = this.changedSince(token, facts);
    if (changed === "yes") return false;
    if (changed === "rushed") answer.until = Math.min(answer.until, answer.computedAt + RUSHED_STOCK_MAX_AGE_MS);
    // V8 keeps text of one-byte characters at a byte each, any other at two.
    const size = (answer.text.length === answer.byteLength ? answer.byteLength : answer.text.length * 2) + key.length * 2 + ENTRY_OVERHEAD;
    if (size > this.maxBytes / 8) return false;
    this.remove(key);
    const cells: Set<string>[] = [];
    for (const area of facts.areas) {
      let byEvent = this.index.get(area);
      if (!byEvent) this.index.set(area, (byEvent = new Map()));
      for (const id of facts.eventIds ?? ["*" as const]) {
        let cell = byEvent.get(id);
        if (!cell) byEvent.set(id, (cell = new Set()));
        cell.add(key);
        cells.push(cell);
      }
    }
    this.entries.set(key, { answer, size, cells });
    this.bytes += size;
    this.evict();
    this.syncStats();
    return true;
  }

  /** Adds an encoded copy to a stored answer, counting its bytes (the answer may have gone meanwhile). */
  addEncoded(key: string, answer: CachedAnswer, encoding: string, bytes: Uint8Array): void {
    answer.encoded.set(encoding, bytes);
    const stored = this.entries.peek(key);
    if (stored?.answer !== answer) return;
    stored.size += bytes.byteLength;
    this.bytes += bytes.byteLength;
    this.evict();
    this.syncStats();
  }

  /** Drops what the change touches. */
  invalidate(change: CatalogueChange): void {
    const rushed = this.isRush(change);
    this.log(change, rushed);
    const byEvent = this.index.get(change.area);
    if (!byEvent) return;
    const doomed = new Set<string>();
    if (change.eventIds === undefined) {
      for (const cell of byEvent.values()) for (const key of cell) doomed.add(key);
    } else {
      for (const key of byEvent.get("*") ?? []) doomed.add(key);
      for (const id of change.eventIds) for (const key of byEvent.get(id) ?? []) doomed.add(key);
    }
    for (const key of doomed) {
      const stored = this.entries.peek(key);
      if (rushed && stored) stored.answer.until = Math.min(stored.answer.until, stored.answer.computedAt + RUSHED_STOCK_MAX_AGE_MS);
      else this.remove(key);
    }
    this.syncStats();
  }

  /**
   * Counts a stock change of named events; true when every one of them is rushed by it. A change announced again
   * once the replica replayed it (`replayed`) is the same sale: it is not counted twice.
   */
  private isRush(change: CatalogueChange): boolean {
    if (change.area !== "stock" || change.eventIds === undefined || change.eventIds.length === 0) return false;
    const now = this.now();
    let rushed = true;
    for (const id of change.eventIds) {
      const times = (this.stockChanges.get(id) ?? []).filter((time) => time > now - RUSH_WINDOW_MS && time <= now);
      if (change.replayed) {
        if (times.length < RUSH_CHANGES) rushed = false;
        continue;
      }
      times.push(now);
      if (times.length > RUSH_CHANGES) times.shift();
      this.stockChanges.set(id, times);
      if (times.length < RUSH_CHANGES) rushed = false;
    }
    // Events whose changes are all older than the window are forgotten, so the map holds recent ones only.
    if (this.stockChanges.size > 256) for (const [id, times] of this.stockChanges) if (times.at(-1)! <= now - RUSH_WINDOW_MS) this.stockChanges.delete(id);
    return rushed;
  }

  /** Drops everything (a relay that may have missed changes). */
  clear(): void {
    this.log("all");
    for (const key of this.entries.keys()) this.remove(key);
    this.syncStats();
  }

  /**
   * One computation per key at a time: callers asking while it runs wait for it instead of reading the database
   * too. `compute` answers the stored answer, or undefined when its answer may not be shared.
   */
  async once(key: string, compute: () => Promise<CachedAnswer | undefined>): Promise<CachedAnswer | undefined> {
    const running = this.flights.get(key);
    if (running) return running;
    const flight = compute().finally(() => this.flights.delete(key));
    this.flights.set(key, flight);
    return flight;
  }

  /** Whether a computation for `key` is under way (its callers wait for it). */
  isComputing(key: string): boolean {
    return this.flights.has(key);
  }

  /** Whether a change since `token` touches an answer with these facts: "rushed" when only rushed stock changes did. */
  private changedSince(token: number, facts: AnswerFacts): "no" | "yes" | "rushed" {
    if (token === this.seq) return "no";
    const oldest = this.changeLog[0]?.seq ?? this.seq + 1;
    if (token + 1 < oldest) return "yes";
    let found: "no" | "rushed" = "no";
    for (let i = this.changeLog.length - 1; i >= 0; i -= 1) {
      const entry = this.changeLog[i]!;
      if (entry.seq <= token) break;
      if (entry.change === "all") return "yes";
      if (!touches(entry.change, facts)) continue;
      if (!entry.rushed) return "yes";
      found = "rushed";
    }
    return found;
  }

  private log(change: CatalogueChange | "all", rushed = false): void {
    this.seq += 1;
    this.stats.invalidations += 1;
    this.changeLog.push({ seq: this.seq, change, rushed });
    if (this.changeLog.length > CHANGE_LOG_LENGTH) this.changeLog.shift();
  }

  private remove(key: string): void {
    const stored = this.entries.peek(key);
    if (!stored) return;
    this.entries.delete(key);
    this.bytes -= stored.size;
    for (const cell of stored.cells) cell.delete(key);
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.oldestKey();
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private syncStats(): void {
    this.stats.entries = this.entries.size;
    this.stats.bytes = this.bytes;
  }
}

/** Does the change touch an answer with these facts? */
export function touches(change: CatalogueChange, facts: AnswerFacts): boolean {
  if (!facts.areas.includes(change.area)) return false;
  if (change.eventIds === undefined || facts.eventIds === undefined) return true;
  return change.eventIds.some((id) => facts.eventIds!.includes(id));
}

/** A strong validator of the exact bytes: the same answer has the same ETag in every process. */
export function etagOf(body: Uint8Array | string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}
