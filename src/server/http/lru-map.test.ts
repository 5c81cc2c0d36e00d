import { describe, expect, it } from "vitest";
import { LruMap } from "./lru-map";

describe("the LRU map", () => {
  it("keeps entries least recently used first; a get counts as a use, a peek does not", () => {
    const map = new LruMap<number>();
    map.set("a", 1);
    map.set("b", 2);
    map.set("c", 3);
    expect(map.keys()).toEqual(["a", "b", "c"]);
    expect(map.get("a")).toBe(1);
    expect(map.keys()).toEqual(["b", "c", "a"]);
    expect(map.peek("b")).toBe(2);
    expect(map.oldestKey()).toBe("b");
    map.set("b", 20);
    expect(map.keys()).toEqual(["c", "a", "b"]);
    expect(map.get("b")).toBe(20);
    expect(map.size).toBe(3);
  });

  it("unlinks what it deletes, from the front, the back and the middle", () => {
    const map = new LruMap<string>();
    for (const key of ["a", "b", "c", "d"]) map.set(key, key);
    expect(map.delete("a")).toBe(true);
    expect(map.delete("d")).toBe(true);
    expect(map.delete("x")).toBe(false);
    expect(map.keys()).toEqual(["b", "c"]);
    expect(map.delete("b")).toBe(true);
    expect(map.oldestKey()).toBe("c");
    expect(map.delete("c")).toBe(true);
    expect(map.oldestKey()).toBeUndefined();
    expect(map.size).toBe(0);
    map.set("e", "e");
    expect(map.get("e")).toBe("e");
    expect(map.keys()).toEqual(["e"]);
    expect(map.get("missing")).toBeUndefined();
  });

  it("a hit on a full map moves its entry alone to the newest end", () => {
    const map = new LruMap<number>();
    for (let i = 0; i < 8192; i += 1) map.set(`k${i}`, i);
    for (let i = 0; i < 10_000; i += 1) map.get("k5");
    const keys = map.keys();
    expect(keys.at(-1)).toBe("k5");
    expect(keys[0]).toBe("k0");
    expect(keys.length).toBe(8192);
  });
});
