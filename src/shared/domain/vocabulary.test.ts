/**
 * Each state, leg and role word has one home in src/shared/domain/ that server and browser import. These tests
 * read the sources and fail when a word is written again elsewhere: in a state, role or leg comparison or
 * assignment, in a list of the vocabulary's words, or (for the words no other vocabulary shares) anywhere.
 * Catalogue keys such as `account.state.paid` are not literals of a word, so they never match.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { LEGS } from "./legs";
import { ORDER_STATES, SEAT_HOLDING_STATES } from "./order-states";
import { PAYMENT_STATES } from "./payment-states";
import { REQUEST_STATES, STORED_REQUEST_STATES } from "./request-states";
import { ROLES } from "./roles";
import { WAITING_STATES } from "./waiting-list";

const SRC = join(import.meta.dirname, "..", "..");
const HOMES = ["order-states.ts", "payment-states.ts", "request-states.ts", "legs.ts", "roles.ts"].map((name) => `shared/domain/${name}`);
/** Files that speak a payment gateway's own protocol, whose status words are the gateway's, not ours. */
const FOREIGN = ["server/payments/mercadopago-protocol.ts", "server/payments/simulators/"];

const VOCABULARIES: Record<string, readonly string[]> = {
  "order state": ORDER_STATES,
  "payment state": PAYMENT_STATES,
  "request state": REQUEST_STATES,
  leg: LEGS,
  role: ROLES,
};
/** Words that belong to one vocabulary and mean nothing else in the shop: any literal of them is a copy. */
const DISTINCT = ["awaiting_payment", "awaiting_transfer_payment", "under_review", "refund_due", "amount_mismatch"];
const ALL_WORDS = [...new Set(Object.values(VOCABULARIES).flat())];

const quoted = (words: readonly string[]) => `["'\`](${words.join("|")})["'\`]`;
/** `state === "paid"`, `state: "paid"`, `eq(orders.state, "paid")`, `role: "admin"`, `leg !== "return"` ... */
const IN_CONTEXT = new RegExp(`\\b\\w*(?:state|State|role|Role|leg|Leg)\\b[\\]})]*\\s*(?:===|!==|==|!=|=|:|,)\\s*${quoted(ALL_WORDS)}`);
/** `"paid" === order.state` */
const CONTEXT_AFTER = new RegExp(`${quoted(ALL_WORDS)}\\s*(?:===|!==)\\s*[\\w.?]*(?:state|role|leg)\\b`, "i");
/** SQL inside TypeScript: `state = 'paid'`, `state IN ('paid', ...)`. */
const IN_SQL = new RegExp(`\\bstate\\b\\W{0,3}\\s*(?:=|<>|IN\\s*\\()\\s*'(${ALL_WORDS.join("|")})'`, "i");
const DISTINCT_LITERAL = new RegExp(quoted(DISTINCT));

function sourceFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((name) => name.split("\\").join("/"))
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .filter((name) => !HOMES.includes(name) && !FOREIGN.some((path) => name.startsWith(path)));
}

/** The lines of a file without its comment lines (doc comments describe the words, they do not write them). */
function codeLines(file: string): [number, string][] {
  return readFileSync(join(SRC, file), "utf8")
    .split("\n")
    .map((line, index): [number, string] => [index + 1, line])
    .filter(([, line]) => !/^\s*(\/\/|\/\*|\*)/.test(line));
}

/** A list (array or union) that writes two or more words of one vocabulary, at least half of its items. */
function listCopy(line: string): string | null {
  const lists = [...line.matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1]!);
  lists.push(...[...line.matchAll(/(?:["'][\w-]+["']\s*\|\s*)+["'][\w-]+["']/g)].map((match) => match[0]));
  for (const list of lists) {
    const items = [...list.matchAll(/["'`]([\w-]+)["'`]/g)].map((match) => match[1]!);
    for (const [name, words] of Object.entries(VOCABULARIES)) {
      const hits = items.filter((item) => words.includes(item));
      if (hits.length >= 2 && hits.length * 2 >= items.length) return `${name} list [${hits.join(", ")}]`;
    }
  }
  return null;
}

function copiesIn(file: string): string[] {
  const found: string[] = [];
  for (const [number, line] of codeLines(file)) {
    const why =
      (DISTINCT_LITERAL.test(line) && "literal") ||
      ((IN_CONTEXT.test(line) || CONTEXT_AFTER.test(line)) && "compared or assigned") ||
      (IN_SQL.test(line) && "in SQL") ||
      listCopy(line);
    if (why) found.push(`${relative(SRC, join(SRC, file))}:${number} (${why}): ${line.trim()}`);
  }
  return found;
}

describe("the shop's words have one home", () => {
  it("writes no order, payment or request state, leg or role as a literal outside src/shared/domain", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap(copiesIn)).toEqual([]);
  });

  it("catches the copies it is meant to catch, and not catalogue keys", () => {
    const probe = (line: string) =>
      DISTINCT_LITERAL.test(line) || IN_CONTEXT.test(line) || CONTEXT_AFTER.test(line) || IN_SQL.test(line) || listCopy(line) !== null;
    for (const copy of [
      'if (order.state === "paid") return;',
      '.where(eq(orders.state, "cancelled"))',
      '.set({ state: "refunded" })',
      'const HOLDING = ["paid", "awaiting_payment"];',
      'const editable = ["saved", "under_review"].includes(x);',
      "where ${payments.state} = 'created'",
      'role: "admin",',
      'if (leg === "return") go();',
      'type Outcome = "approved" | "rejected" | "cancelled";',
    ]) {
      expect(probe(copy), copy).toBe(true);
    }
    for (const fine of [
      '"account.state.paid": "Pagado",',
      'label: "orders.state.cancelled",',
      'auth: "staff",',
      'tag: "catalogue" | "accounts" | "orders" | "staff" | "private-events" | "admin";',
      'if (view === "cancelled") show();',
      'payment: z.enum(["paid", "pending"]),',
    ]) {
      expect(probe(fine), fine).toBe(false);
    }
  });
});

describe("the database's copies of the words", () => {
  const migrations = join(SRC, "server", "db", "migrations");
  const sqlOf = (prefix: string) => readFileSync(join(migrations, readdirSync(migrations).find((name) => name.startsWith(prefix))!), "utf8");
  const inList = (list: string) => [...list.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);

  it("counts the seats of the seat-holding order states in every seat-count trigger", () => {
    const lists = [...sqlOf("0005_").matchAll(/state IN \(([^)]*)\)/g)].map((match) => inList(match[1]!).sort());
    expect(lists.length).toBe(6);
    for (const list of lists) expect(list).toEqual([...SEAT_HOLDING_STATES].sort());
  });

  it("checks each state and leg column against its vocabulary", () => {
    // A later migration that widens a vocabulary redefines its constraint: the last definition counts.
    const all = readdirSync(migrations)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => readFileSync(join(migrations, name), "utf8"))
      .join("\n");
    const checked = (constraint: string) => {
      const definitions = [...all.matchAll(new RegExp(`"${constraint}"\\s+CHECK \\("\\w+" IN \\(([^)]*)\\)`, "g"))];
      expect(definitions.length, constraint).toBeGreaterThan(0);
      return inList(definitions.at(-1)![1]!);
    };
    expect(checked("orders_state_check")).toEqual([...ORDER_STATES]);
    expect(checked("payments_state_check")).toEqual([...PAYMENT_STATES]);
    expect(checked("event_requests_state_check")).toEqual([...STORED_REQUEST_STATES]);
    expect(checked("check_ins_leg_check")).toEqual([...LEGS]);
    expect(checked("van_notices_leg_check")).toEqual([...LEGS]);
    expect(checked("waiting_list_state_check")).toEqual([...WAITING_STATES]);
  });
});
