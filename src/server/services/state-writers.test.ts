/**
 * Every state has one writer: the module that takes the row's lock, checks the change against its transitions'
 * table and writes its history. This test reads the server's sources and fails on a write of one of these columns
 * anywhere else, however it is spelled (Drizzle's `.update(table).set({ column … })`, SQL's
 * `update table … set column`, `sql.identifier(table.column.name)`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "../..");
const ROOT = join(SRC, "..");

interface Column {
  /** The schema's table variable and the table's SQL name. */
  table: string;
  sqlTable: string;
  /** The column's property and its SQL name. */
  column: string;
  sqlColumn: string;
  /** The one file that writes it (paths from the repository's root). */
  home: string;
}

const STATES: Column[] = [
  { table: "orders", sqlTable: "orders", column: "state", sqlColumn: "state", home: "src/server/services/order-life/order-life.ts" },
  { table: "payments", sqlTable: "payments", column: "state", sqlColumn: "state", home: "src/server/services/payment-life/payment-life.ts" },
  {
    table: "privateEvents",
    sqlTable: "private_events",
    column: "state",
    sqlColumn: "state",
    home: "src/server/services/private-events/private-event-life.ts",
  },
  // A dispatch plan's state is its version (every saved change moves it on, the optimistic check of two
  // dispatchers) and the version its passengers were told.
  { table: "dispatchPlans", sqlTable: "dispatch_plans", column: "version", sqlColumn: "version", home: "src/server/services/dispatch/plan-store.ts" },
  {
    table: "dispatchPlans",
    sqlTable: "dispatch_plans",
    column: "publishedVersion",
    sqlColumn: "published_version",
    home: "src/server/services/dispatch/publish-plan.ts",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The writes of one column a text makes. */
export function columnWrites(text: string, { table, sqlTable, column, sqlColumn }: Column): string[] {
  const found: string[] = [];
  const property = new RegExp(`(^|[\\s,{])${column}\\s*[:,}]|(^|[\\s,{])${column}\\s*$`);
  for (const match of text.matchAll(new RegExp(`\\.update\\(\\s*${table}\\s*\\)\\s*\\.set\\(\\s*\\{([^}]*)\\}`, "g"))) {
    if (property.test(match[1]!)) found.push(match[0]);
  }
  const update = new RegExp(`update\\s+(?:\\$\\{\\s*${table}\\s*\\}|"?${sqlTable}"?)\\s+(?:as\\s+\\w+\\s+|\\w+\\s+)?set\\s+([^;\`]*?)(?:\\bwhere\\b|\\bfrom\\b|;|\`|$)`, "gi");
  const named = new RegExp(`\\b${sqlColumn}\\b\\s*=|${table}\\.${column}\\.name`);
  for (const match of text.matchAll(update)) if (named.test(match[1]!)) found.push(match[0]);
  for (const match of text.matchAll(new RegExp(`sql\\.identifier\\(\\s*${table}\\.${column}\\.name\\s*\\)`, "g"))) found.push(match[0]);
  return found;
}

const FILES = sourceFiles(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));

describe("the scan finds a write wherever it is spelled (it can fail)", () => {
  const [orders, payments, privateEvents, version, published] = STATES as [Column, Column, Column, Column, Column];
  it("in Drizzle", () => {
    expect(columnWrites(`await tx.update(orders).set({ state: ORDER_STATE.cancelled }).where(eq(orders.id, 1));`, orders)).toHaveLength(1);
    expect(columnWrites(`await tx.update(orders).set({ paymentCode, state }).where(eq(orders.id, 1));`, orders)).toHaveLength(1);
    expect(columnWrites(`await tx.update(orders).set({ subtotal: 1, total: 1 }).where(eq(orders.id, 1));`, orders)).toHaveLength(0);
    expect(columnWrites(`await db.update(payments).set({ state: PAYMENT_STATE.refunded }).where(eq(payments.id, 1));`, payments)).toHaveLength(1);
    expect(columnWrites(`await db.update(payments).set({ rawAnswers: x }).where(eq(payments.id, 1));`, payments)).toHaveLength(0);
    expect(columnWrites(`await db.update(privateEvents).set({ state: PRIVATE_EVENT_STATE.approved, quote })`, privateEvents)).toHaveLength(1);
    expect(columnWrites(`await db.update(privateEvents).set({ quoteState: to })`, privateEvents)).toHaveLength(0);
    expect(columnWrites(`tx.update(dispatchPlans).set({ version: sql\`\${dispatchPlans.version} + 1\`, notes })`, version)).toHaveLength(1);
    expect(columnWrites(`tx.update(dispatchPlans).set({ publishedVersion: plan.version, publishedAt: now })`, published)).toHaveLength(1);
    expect(columnWrites(`tx.update(dispatchPlans).set({ publishedVersion: plan.version, publishedAt: now })`, version)).toHaveLength(0);
  });

  it("in SQL", () => {
    expect(columnWrites("await db.execute(sql`update ${orders} set ${sql.identifier(orders.state.name)} = ${state}`)", orders)).not.toHaveLength(0);
    expect(columnWrites(`update orders set state = 'paid' where id = $1`, orders)).toHaveLength(1);
    expect(columnWrites(`update payments p set state = 'approved' where p.id = $1`, payments)).toHaveLength(1);
    expect(columnWrites(`update payments p set provider_reference = s.reference from x`, payments)).toHaveLength(0);
    expect(columnWrites(`update private_events set state = 'cancelled' where id = $1`, privateEvents)).toHaveLength(1);
    expect(columnWrites(`update dispatch_plans set published_version = version where id = $1`, published)).toHaveLength(1);
  });
});

describe("each state has one writer", () => {
  for (const state of STATES) {
    it(`${state.sqlTable}.${state.sqlColumn} is written only by ${state.home}`, () => {
      const writers = FILES.filter(({ file, text }) => file !== state.home && columnWrites(text, state).length > 0).map(({ file }) => file);
      expect(writers).toEqual([]);
      const home = FILES.find(({ file }) => file === state.home);
      expect(home && columnWrites(home.text, state).length).toBeGreaterThan(0);
    });
  }
});
