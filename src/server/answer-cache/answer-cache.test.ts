import { describe, expect, it } from "vitest";
import { AnswerCache, etagOf, RUSH_CHANGES, RUSHED_STOCK_MAX_AGE_MS, type AnswerFacts, type CachedAnswer } from "./answer-cache";
import { matchesEtag } from "./cached-read";

function answer(text: string, until = Number.POSITIVE_INFINITY, computedAt = 0): CachedAnswer {
  return { status: 200, text, byteLength: Buffer.byteLength(text), contentType: "application/json", etag: etagOf(text), cacheControl: "public", until, computedAt, encoded: new Map() };
}

const LIST: AnswerFacts = { areas: ["events"] };
const EVENT_7: AnswerFacts = { areas: ["events", "stock"], eventIds: [7] };

describe("the answer cache", () => {
  it("keeps at most its count, dropping the least recently used", () => {
    const cache = new AnswerCache({ maxEntries: 2 });
    cache.put("a", answer("a"), LIST, cache.begin());
    cache.put("b", answer("b"), LIST, cache.begin());
    expect(cache.get("a", 1)).toBeDefined();
    cache.put("c", answer("c"), LIST, cache.begin());
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("c", 1)).toBeDefined();
  });

  it("keeps at most its bytes", () => {
    const cache = new AnswerCache({ maxBytes: 20_000 });
    for (let i = 0; i < 10; i += 1) cache.put(`k${i}`, answer("x".repeat(2000)), LIST, cache.begin());
    expect(cache.stats.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.stats.entries).toBeLessThan(10);
    expect(cache.get("k9", 1)).toBeDefined();
  });

  it("drops what a change touches: a list for any event, an event's answers for that event only", () => {
    const cache = new AnswerCache();
    cache.put("list", answer("list"), LIST, cache.begin());
    cache.put("offer7", answer("7"), EVENT_7, cache.begin());
    cache.put("offer8", answer("8"), { areas: ["events", "stock"], eventIds: [8] }, cache.begin());
    cache.invalidate({ area: "stock", eventIds: [7] });
    expect(cache.get("offer7", 1)).toBeUndefined();
    expect(cache.get("offer8", 1)).toBeDefined();
    expect(cache.get("list", 1)).toBeDefined();
    cache.invalidate({ area: "events", eventIds: [9] });
    expect(cache.get("list", 1)).toBeUndefined();
    expect(cache.get("offer8", 1)).toBeDefined();
    cache.invalidate({ area: "content" });
    expect(cache.get("offer8", 1)).toBeDefined();
  });

  it("does not keep an answer begun before a change that touches it", () => {
    const cache = new AnswerCache();
    const token = cache.begin();
    cache.invalidate({ area: "stock", eventIds: [8] });
    expect(cache.put("offer7", answer("7"), EVENT_7, token)).toBe(true);
    const late = cache.begin();
    cache.invalidate({ area: "stock", eventIds: [7] });
    expect(cache.put("offer7b", answer("7"), EVENT_7, late)).toBe(false);
    cache.clear();
    expect(cache.put("list", answer("l"), LIST, late)).toBe(false);
  });

  it("in an on-sale rush keeps an event's stock answers up to a second old; a lone sale drops them at once", () => {
    let clock = 10_000;
    const cache = new AnswerCache({ now: () => clock });
    const sale = () => cache.invalidate({ area: "stock", eventIds: [7] });
    cache.put("offer7", answer("7", Number.POSITIVE_INFINITY, clock), EVENT_7, cache.begin());
    sale();
    expect(cache.get("offer7", clock)).toBeUndefined();

    // Sales land many times a second: the answer is kept, but only until it is a second old.
    for (let i = 0; i < RUSH_CHANGES; i += 1) {
      clock += 100;
      sale();
    }
    cache.put("offer7", answer("7b", Number.POSITIVE_INFINITY, clock), EVENT_7, cache.begin());
    const computed = clock;
    clock += 100;
    sale();
    expect(cache.get("offer7", clock)?.text).toBe("7b");
    expect(cache.get("offer7", computed + RUSHED_STOCK_MAX_AGE_MS)).toBeUndefined();

    // Computed while sales landed: stored for its second, and its waiters get it.
    const token = cache.begin();
    clock += 100;
    sale();
    expect(cache.put("offer7", answer("7c", Number.POSITIVE_INFINITY, clock - 50), EVENT_7, token)).toBe(true);
    expect(cache.get("offer7", clock - 50 + RUSHED_STOCK_MAX_AGE_MS)).toBeUndefined();
    // Another event's change, or any other kind of change to this one, still ends it at once.
    cache.put("offer7", answer("7d", Number.POSITIVE_INFINITY, clock), EVENT_7, cache.begin());
    cache.invalidate({ area: "events", eventIds: [7] });
    expect(cache.get("offer7", clock)).toBeUndefined();

    // The rush is over: the next lone sale drops the answer again.
    clock += 5_000;
    cache.put("offer7", answer("7e", Number.POSITIVE_INFINITY, clock), EVENT_7, cache.begin());
    sale();
    expect(cache.get("offer7", clock)).toBeUndefined();
  });

  it("counts a sale announced again once the replica replayed it as one sale: a few sales are still shown at once", () => {
    let clock = 10_000;
    const cache = new AnswerCache({ now: () => clock });
    // Half the sales that make a rush, each heard twice (at once, then replayed): no rush.
    for (let i = 0; i < RUSH_CHANGES / 2; i += 1) {
      clock += 50;
      cache.invalidate({ area: "stock", eventIds: [7] });
      cache.invalidate({ area: "stock", eventIds: [7], remote: true, replayed: true });
    }
    cache.put("offer7", answer("7", Number.POSITIVE_INFINITY, clock), EVENT_7, cache.begin());
    cache.invalidate({ area: "stock", eventIds: [7], remote: true, replayed: true });
    expect(cache.get("offer7", clock)).toBeUndefined();
  });

  it("answers nothing once the answer's own time has come, or for a clock set back before it was made", () => {
    const cache = new AnswerCache();
    cache.put("k", { ...answer("k", 1000), computedAt: 500 }, LIST, cache.begin());
    expect(cache.get("k", 400)).toBeUndefined();
    cache.put("k", { ...answer("k", 1000), computedAt: 500 }, LIST, cache.begin());
    expect(cache.get("k", 999)).toBeDefined();
    expect(cache.get("k", 1000)).toBeUndefined();
  });

  it("runs one computation per key at a time", async () => {
    const cache = new AnswerCache();
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer("x");
    };
    const [a, b] = await Promise.all([cache.once("k", compute), cache.once("k", compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
  });
});

describe("If-None-Match", () => {
  it("matches the tag, weak or strong, in a list, or of an encoded copy", () => {
    const etag = '"abc"';
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "abc.br"', etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
    expect(matchesEtag('"abcd"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
