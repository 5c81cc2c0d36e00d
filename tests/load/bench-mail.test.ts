/**
 * bench:mail runs end to end once, small: a smoke check that it still places paid orders through the shop's purchase
 * code, that the shop mails every one of them exactly once through the SMTP server, and that it prints its figures
 * beside the bare sender's ceiling and the load. It needs PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { runBench as bench } from "../helpers/run-bench";

const serverUrl = process.env.DATABASE_URL;

describe("bench:mail, as a smoke check", () => {
  it.skipIf(!serverUrl)("mails every paid order once and prints orders/s beside the bare sender's", async () => {
    const { stdout } = await bench("mail", [], { BENCH_MAIL_ORDERS: "20", BENCH_MAIL_PLACERS: "4" });
    expect(stdout).toMatch(/orders placed +20 of 20/);
    expect(stdout).toMatch(/ceiling: bare sender +\d+ orders\/s, CPU \d+\.\d ms per order/);
    expect(stdout).toMatch(/outbox lag +p50 \d+\.\d+ s \/ p99 \d+\.\d+ s \/ max \d+\.\d+ s/);
    expect(stdout).toMatch(/mailed twice +0\n/);
    expect(stdout).toMatch(/every order mailed exactly once: yes/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/mail: 20 orders, \d+\.\d orders\/s, CPU \d+\.\d ms\/order, lag p99 \d+\.\d s\n/);
  }, 240_000);
});
