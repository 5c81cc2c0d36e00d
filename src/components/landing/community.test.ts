import { describe, expect, it } from "vitest";
import { COMMUNITY_MESSAGE_KEEP, cutCommunityMessage, hashtag } from "./community";

describe("community messages", () => {
  it("keeps a message of 130 characters whole", () => {
    const message = "a".repeat(130);
    expect(cutCommunityMessage(message)).toBe(message);
  });

  it("cuts a message of 131 characters to 127 plus three dots", () => {
    const message = "b".repeat(131);
    const cut = cutCommunityMessage(message);
    expect(cut).toBe(`${"b".repeat(COMMUNITY_MESSAGE_KEEP)}...`);
    expect(cut).toHaveLength(130);
  });

  it("writes tags as hashtags without spaces or doubled signs", () => {
    expect(hashtag("viaje seguro")).toBe("#viajeseguro");
    expect(hashtag("#Rodamos")).toBe("#Rodamos");
  });
});
