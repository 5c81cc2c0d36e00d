import { describe, expect, it, vi } from "vitest";
import type { Db } from "./client";
import { lsnValue, watchReplica } from "./replica";

/** A database whose only statement answers the given log position. */
const answering = (lsn: () => string | null) => ({ execute: async () => [{ lsn: lsn() }] }) as unknown as Db;

describe("the replica's catch-up", () => {
  it("orders log positions by both halves", () => {
    expect(lsnValue("0/FF") < lsnValue("1/0")).toBe(true);
    expect(lsnValue("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnValue("garbage")).toThrow();
  });

  it("lets a change through once the replica has replayed up to its position, not before", async () => {
    let replayed = "0/100";
    const watch = watchReplica(answering(() => "0/300"), answering(() => replayed), { pollMs: 5 });
    const heard: string[] = [];
    watch.whenReplayed("0/200", () => heard.push("change"));
    await new Promise((done) => setTimeout(done, 40));
    expect(heard).toEqual([]);
    replayed = "0/200";
    await vi.waitFor(() => expect(heard).toEqual(["change"]), { timeout: 1000 });
    watch.close();
  });

  it("without a position, waits for the primary's position now; a database that is no replica lets everything through", async () => {
    let replayed = "0/100";
    const watch = watchReplica(answering(() => "0/300"), answering(() => replayed), { pollMs: 5 });
    const heard: string[] = [];
    watch.whenReplayed(undefined, () => heard.push("gap"));
    await new Promise((done) => setTimeout(done, 40));
    expect(heard).toEqual([]);
    replayed = "0/300";
    await vi.waitFor(() => expect(heard).toEqual(["gap"]), { timeout: 1000 });
    watch.close();

    const primaryItself = watchReplica(answering(() => "0/300"), answering(() => null), { pollMs: 5 });
    primaryItself.whenReplayed("0/300", () => heard.push("at once"));
    await vi.waitFor(() => expect(heard).toContain("at once"), { timeout: 1000 });
    primaryItself.close();
  });

  it("lets a change through after the longest wait when the replica stays behind, saying so", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const watch = watchReplica(answering(() => "0/300"), answering(() => "0/100"), { pollMs: 5, waitMs: 50 });
    const heard: string[] = [];
    watch.whenReplayed("0/200", () => heard.push("late"));
    await vi.waitFor(() => expect(heard).toEqual(["late"]), { timeout: 1000 });
    expect(quiet).toHaveBeenCalledWith(expect.stringMatching(/has not replayed/));
    quiet.mockRestore();
    watch.close();
  });
});
