import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { isAllowedTransition, ORDER_STATE, ORDER_STATES, ORDER_TRANSITIONS } from "../../../shared/domain/order-states";

const SRC = join(__dirname, "../../..");
const HOME = "src/server/services/order-life/order-life.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The writes of `orders.state` a text makes: Drizzle's `.update(orders).set({ … state … })`, SQL's
 * `update orders … set … state` (also through `${orders}` and `sql.identifier(orders.state.name)`).
 */
export function stateWrites(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.update\(\s*orders\s*\)\s*\.set\(\s*\{([^}]*)\}/g)) {
    if (/(^|[\s,{])state\s*[:,}]|(^|[\s,{])state\s*$/.test(match[1]!)) found.push(match[0]);
  }
  for (const match of text.matchAll(/update\s+(?:\$\{\s*orders\s*\}|"?orders"?)\s+(?:as\s+\w+\s+|\w+\s+)?set\s+([^;`]*?)(?:\bwhere\b|\bfrom\b|;|`|$)/gi)) {
    if (/\bstate\b|orders\.state\.name/.test(match[1]!)) found.push(match[0]);
  }
  for (const match of text.matchAll(/sql\.identifier\(\s*orders\.state\.name\s*\)/g)) found.push(match[0]);
  return found;
}

describe("the order's life is the one writer of orders.state", () => {
  it("finds a state write wherever it is spelled (the scan can fail)", () => {
    expect(stateWrites(`await tx.update(orders).set({ state: ORDER_STATE.cancelled }).where(eq(orders.id, 1));`)).toHaveLength(1);
    expect(stateWrites(`await tx.update(orders).set({ paymentCode, state }).where(eq(orders.id, 1));`)).toHaveLength(1);
    expect(stateWrites("await db.execute(sql`update ${orders} set ${sql.identifier(orders.state.name)} = ${state}`)")).not.toHaveLength(0);
    expect(stateWrites(`update orders set state = 'paid' where id = $1`)).toHaveLength(1);
    expect(stateWrites(`await tx.update(orders).set({ subtotal: 1, total: 1 }).where(eq(orders.id, 1));`)).toHaveLength(0);
  });

  it("no file but the order's life writes it", () => {
    const writers = sourceFiles(SRC)
      .map((path) => ({ file: relative(join(SRC, ".."), path), writes: stateWrites(readFileSync(path, "utf8")) }))
      .filter(({ file, writes }) => writes.length > 0 && file !== HOME);
    expect(writers).toEqual([]);
    expect(stateWrites(readFileSync(join(SRC, "..", HOME), "utf8")).length).toBeGreaterThan(0);
  });
});

describe("the transitions' table", () => {
  it("allows only the documented changes", () => {
    expect(isAllowedTransition("pay", ORDER_STATE.awaiting_payment, ORDER_STATE.paid)).toBe(true);
    expect(isAllowedTransition("pay", ORDER_STATE.expired, ORDER_STATE.paid)).toBe(true);
    expect(isAllowedTransition("pay", ORDER_STATE.paid, ORDER_STATE.paid)).toBe(false);
    expect(isAllowedTransition("expire", ORDER_STATE.paid, ORDER_STATE.expired)).toBe(false);
    expect(isAllowedTransition("expire", ORDER_STATE.awaiting_transfer_payment, ORDER_STATE.expired)).toBe(true);
    expect(isAllowedTransition("refund", ORDER_STATE.awaiting_payment, ORDER_STATE.cancelled)).toBe(false);
    expect(isAllowedTransition("cancel", ORDER_STATE.cancelled, ORDER_STATE.cancelled)).toBe(false);
    expect(isAllowedTransition("choose_method", ORDER_STATE.awaiting_payment, ORDER_STATE.paid)).toBe(false);
    // Nothing leaves a cancelled order but a payment that arrived for it.
    const fromCancelled = Object.entries(ORDER_TRANSITIONS).filter(([, rule]) => (rule.from as readonly string[]).includes(ORDER_STATE.cancelled));
    expect(fromCancelled.map(([change]) => change)).toEqual(["pay"]);
    for (const rule of Object.values(ORDER_TRANSITIONS)) for (const state of [...rule.from, ...rule.to]) expect(ORDER_STATES).toContain(state);
  });
});
