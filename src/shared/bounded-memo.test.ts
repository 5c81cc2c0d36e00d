import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("computes each text once while it is kept, and forgets everything once the limit is reached", () => {
    const asked: string[] = [];
    const length = boundedMemo(2, (text) => {
      asked.push(text);
      return text.length;
    });
    expect([length("ab"), length("ab"), length("abc"), length("ab")]).toEqual([2, 2, 3, 2]);
    expect(asked).toEqual(["ab", "abc"]);
    // A third text fills past the limit: the kept answers are forgotten and asked again.
    expect(length("abcd")).toBe(4);
    expect(length("ab")).toBe(2);
    expect(asked).toEqual(["ab", "abc", "abcd", "ab"]);
  });

  it("keeps an answer that is false or empty", () => {
    let calls = 0;
    const never = boundedMemo(8, () => {
      calls += 1;
      return false;
    });
    never("x");
    never("x");
    expect(calls).toBe(1);
  });
});
