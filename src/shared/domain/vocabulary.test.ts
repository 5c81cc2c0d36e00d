/**
 * Each domain word has one home in src/shared/domain/ that server and browser import. These tests read every
 * export of that folder (each list and each name-to-word object is a vocabulary), then read the sources and fail
 * when a word is written again elsewhere:
 * - a word that means nothing else in the shop (a payment code, a leg, any word with an underscore) is a copy
 *   wherever it is written as a string literal, whatever the variable, property or argument is called;
 * - a word that is also plain language (paid, pending, staff, van …) is a copy in a comparison or assignment of
 *   a state, role, leg, payment, outcome, action, payer, kind or list (also when a condition or a fallback picks
 *   it, or a switch over one of those names it in a case), in SQL, in a written list handed beside one or asked
 *   for one, in a list of its vocabulary or beside one of its constants (`[ORDER_STATE.paid, "cancelled"]`), asked
 *   of a vocabulary's list (`HOLDING_STATES.includes("paid")`), or as the action of an audit or history entry
 *   (alone, as a fallback or as a branch of a condition).
 * Catalogue keys such as `account.state.paid` are not literals of a word, so they never match. A change's name
 * (`changePayment(tx, id, "refund", …)`) is not a copy: the keys of a transitions table are written where the change
 * is applied, as error codes are, and the compiler admits only the table's keys.
 */
import { DOCUMENT_TYPE_CODES } from "./countries";
import ts from "typescript";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, STAFF_ACTIONS } from "./audit-actions";
import { BOARDED_BY, DRIVER_MARKS, DRIVER_ACTIONS, REPLAN_REASONS } from "./dispatch";
import { EVENT_TYPES, PAYMENT_TYPES, PERIODICITY_TYPES } from "./event-kinds";
import { LEGS } from "./legs";
import { ORDER_ACTORS, ORDER_STATES, SEAT_HOLDING_STATES } from "./order-states";
import { PAYMENT_CODES } from "./payment-codes";
import { PAYMENT_STATES } from "./payment-states";
import { STORED_PRIVATE_EVENT_STATES } from "./private-event-states";
import { WAITING_STATES } from "./waiting-list";

const SRC = join(import.meta.dirname, "..", "..");
const HOME = "shared/domain/";
/** Files that speak a payment gateway's own protocol, whose status words are the gateway's, not ours. */
const FOREIGN = ["server/payments/mercadopago-protocol.ts", "server/payments/simulators/"];
/**
 * The error codes are written where they are used, on purpose: a code is named where the refusal is thrown
 * (`new ShopError("not_found")`, `new ApiError(404, "not_found")`), and the compiler admits only the list's codes.
 */
const WRITTEN_WHERE_USED = ["shop-error.ts"];

/** Every export of src/shared/domain that lists words: an array of them, or an object naming them. */
const MODULES: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(
    readdirSync(import.meta.dirname)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map(async (name) => [name, (await import(`./${name.slice(0, -3)}`)) as Record<string, unknown>] as const),
  ),
);
function vocabulariesOf(modules: Record<string, Record<string, unknown>>): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const [file, exports] of Object.entries(modules)) {
    if (WRITTEN_WHERE_USED.includes(file)) continue;
    for (const [name, value] of Object.entries(exports)) {
      if (value === null || typeof value !== "object") continue;
      const words = (Array.isArray(value) ? value : Object.values(value)).filter((item): item is string => typeof item === "string" && /^[a-z0-9][a-z0-9_]*$/.test(item));
      if (words.length > 0) found.set(`${file} ${name}`, words);
    }
  }
  return found;
}
const VOCABULARIES = vocabulariesOf(MODULES);
const ALL_WORDS = [...new Set([...VOCABULARIES.values()].flat())].sort();

/**
 * Words that are also plain language or another idea's name in the shop (a QR "scan" is `new`, an admin action
 * `create`s, a van is a vehicle and a manifest column): written alone they are not copies, only in the contexts
 * below. Every other word of the vocabularies means one thing only.
 */
const PLAIN = new Set([
  ...["create", "update", "delete", "note", "cancel", "refund", "resend", "new", "repeat", "conflict", "refused", "done"],
  ...["percentage", "fixed", "automatic", "driver", "door", "vehicle", "shift", "mail", "sms", "arrived"],
  ...["van", "bus", "car", "invoice", "quote", "seats", "guests", "organiser", "requested", "other"],
  ...["waiting", "boarded", "paid", "pending", "cancelled", "expired", "created", "approved", "rejected", "refunded"],
  ...["duplicate", "saved", "finished", "released", "offered", "booked", "left", "customer", "staff", "admin"],
  // An order's history: a purchase, a payment (also a gateway's topic), a hold's expiry, a split (also a transition).
  ...["purchase", "payment", "payment_method", "expire", "split", "gateway", "sweeper"],
]);
/**
 * Words that also name an idea typed where it lives, outside this folder: `event_cancelled` is a refund's reason and
 * the kind of the mail an event's cancellation sends (services/notices/order-notice.ts).
 */
const ALSO_NAMED = new Set(["event_cancelled"]);
const DISTINCT = ALL_WORDS.filter((word) => !PLAIN.has(word) && !ALSO_NAMED.has(word) && !/^\d+$/.test(word));

const quoted = (words: readonly string[]) => `["'\`](${words.join("|")})["'\`]`;
const NAMES = "state|State|role|Role|leg|Leg|payment|Payment|outcome|Outcome|action|Action|payer|Payer|list|List";
/** `state === "paid"`, `state: "paid"`, `eq(orders.state, "paid")`, `role: "admin"`, `outcome !== "done"` ... */
const IN_CONTEXT = new RegExp(`\\b\\w*(?:${NAMES})\\b[\\]})]*\\s*(?:===|!==|==|!=|=|:|,)\\s*${quoted(ALL_WORDS)}`);
/** `"paid" === order.state` */
const CONTEXT_AFTER = new RegExp(`${quoted(ALL_WORDS)}\\s*(?:===|!==)\\s*[\\w.?]*(?:${NAMES})\\b`);
/** SQL inside TypeScript: `state = 'paid'`, `state IN ('paid', ...)`. */
const IN_SQL = new RegExp(`\\b(?:state|role|leg|action|kind|payment_code)\\b\\W{0,3}\\s*(?:=|<>|IN\\s*\\()\\s*'(${ALL_WORDS.join("|")})'`, "i");
/** A fallback that writes a word: `state ?? "cancelled"`, `kind || "refund"`. */
const FALLBACK = new RegExp(`(?:\\?\\?|\\|\\|)\\s*${quoted(ALL_WORDS)}`);
/** A condition that picks a word for a state, role ...: `const state: RefundState = byGateway ? "pending" : …`. */
const CONDITIONAL = new RegExp(`\\b\\w*(?:${NAMES})\\b\\s*(?::\\s*[\\w.<>|\\[\\] ]+?)?\\s*(?:=|:)\\s*[\\w.!()\\s]*?\\?\\s*(?:[^:;?]*?:\\s*)?${quoted(ALL_WORDS)}`);
/** A written list handed over beside a state, or asked whether it holds one: `inArray(orders.state, ["paid"])`, `["paid"].includes(order.state)`. */
const LITERAL_LIST = new RegExp(
  `\\b\\w*(?:${NAMES})\\b[\\]})]*\\s*,\\s*\\[\\s*${quoted(ALL_WORDS)}|\\[\\s*${quoted(ALL_WORDS)}(?:\\s*,\\s*${quoted(ALL_WORDS)})*\\s*\\](?:\\s*as const)?\\)?\\.includes\\(\\s*[\\w.?]*(?:${NAMES})\\b`,
);
/** A switch over a state, role ... (`switch (order.state)`), whose cases then write its words. */
const SWITCH_SUBJECT = new RegExp(`\\bswitch\\s*\\(\\s*[\\w.?]*(?:${NAMES})\\b`);
const CASE_WORD = new RegExp(`^\\s*case\\s+${quoted(ALL_WORDS)}\\s*:`);
/** A list that spreads a vocabulary beside a written word: `["paid", ...AWAITING_STATES]`. */
const SPREAD_LIST = new RegExp(`\\[\\s*${quoted(ALL_WORDS)}\\s*,\\s*\\.\\.\\.|\\.\\.\\.[\\w.]+\\s*,\\s*${quoted(ALL_WORDS)}\\s*[,\\]]`);
/** An audit or history entry's action written as a literal: `writeAudit(tx, actor, "orders", id, "update", …)`. */
/** An action as an argument, alone, as a fallback (`x ?? "cancel"`) or a branch of a condition (`late ? "refund" : …`). */
const ACTION_ARGUMENT = `(?:,\\s*(?:[\\w.]+\\s*\\?\\?\\s*)?|\\?\\s*|\\?[^:,]*:\\s*)${quoted([...AUDIT_ACTIONS])}`;
const RAW_ACTION = new RegExp(`\\b(?:writeAudit|appendHistory)\\(.*${ACTION_ARGUMENT}`);
/** The same over a call written on several lines: its arguments up to the statement's end. */
const RAW_ACTION_CALL = /\b(?:writeAudit|appendHistory)\(([^;]*)/g;
const RAW_ACTION_ARGUMENT = new RegExp(ACTION_ARGUMENT);
/** A vocabulary's list asked for a written word: `HOLDING_STATES.includes("paid")`, `roles.has("admin")`. */
const ASKED_FOR = new RegExp(`\\b\\w*(?:${NAMES}|STATE|ROLE|LEG|PAYMENT|OUTCOME|ACTION|PAYER)[sS]?\\b\\)?\\.(?:includes|has|indexOf)\\(\\s*${quoted(ALL_WORDS)}`);
/** Each export that names words (`ORDER_STATE`, `LEGS` …) by its name: its words. */
const WORDS_OF_EXPORT = new Map([...VOCABULARIES].map(([key, words]) => [key.split(" ")[1]!, words]));
/** A distinct word between quotes (not backticks: a route's description names a word as `code`, as prose does). */
const DISTINCT_LITERAL = new RegExp(`["'](${DISTINCT.join("|")})["']`);
/** The locale catalogues: their texts are prose (the English catalogue says "outbound"), their keys not words. */
const PROSE = ["shared/i18n/messages/"];

function sourceFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((name) => name.split("\\").join("/"))
    .filter((name) => /\.(ts|tsx|astro)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .filter((name) => !name.startsWith(HOME) && !FOREIGN.some((path) => name.startsWith(path)));
}


/** The lines of a text without its comment lines (doc comments describe the words, they do not write them). */
function codeLines(text: string): [number, string][] {
  return text
    .split("\n")
    .map((line, index): [number, string] => [index + 1, line])
    .filter(([, line]) => !/^\s*(\/\/|\/\*|\*|<!--)/.test(line));
}

/**
 * A list (array or union) that writes two or more words of one vocabulary, at least half of its items, or one word
 * beside a constant of its own vocabulary (`[ORDER_STATE.paid, "cancelled"]`).
 */
function listCopy(line: string): string | null {
  const lists = [...line.matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1]!);
  lists.push(...[...line.matchAll(/(?:["'][\w-]+["']\s*\|\s*)+["'][\w-]+["']/g)].map((match) => match[0]));
  for (const list of lists) {
    const items = [...list.matchAll(/["'`]([\w-]+)["'`]/g)].map((match) => match[1]!);
    for (const [, name] of list.matchAll(/\b([A-Z][A-Z0-9_]*)\.\w+/g)) {
      const written = items.find((item) => WORDS_OF_EXPORT.get(name!)?.includes(item));
      if (written) return `a list of ${name} writing ${written}`;
    }
    for (const [name, words] of VOCABULARIES) {
      const hits = items.filter((item) => words.includes(item));
      if (hits.length >= 2 && hits.length * 2 >= items.length) return `${name} list [${hits.join(", ")}]`;
    }
  }
  return null;
}

function why(line: string, prose = false): string | null {
  const distinct = prose ? null : DISTINCT_LITERAL.exec(line);
  if (distinct) return `the word ${distinct[1]}`;
  if (IN_CONTEXT.test(line) || CONTEXT_AFTER.test(line)) return "compared or assigned";
  if (IN_SQL.test(line)) return "in SQL";
  if (FALLBACK.test(line)) return "a fallback";
  if (CONDITIONAL.test(line)) return "picked by a condition";
  if (LITERAL_LIST.test(line)) return "a written list";
  if (SPREAD_LIST.test(line)) return "a list beside its vocabulary";
  if (ASKED_FOR.test(line)) return "a written word asked of a list";
  if (RAW_ACTION.test(line)) return "a raw audit action";
  return listCopy(line);
}

function copiesIn(file: string, text = readFileSync(join(SRC, file), "utf8")): string[] {
  const found: string[] = [];
  let inSwitch = false;
  for (const [number, line] of codeLines(text)) {
    if (/\bswitch\s*\(/.test(line)) inSwitch = SWITCH_SUBJECT.test(line);
    const reason = why(line, PROSE.some((path) => file.startsWith(path))) ?? (inSwitch && CASE_WORD.test(line) ? "a case of a switch over its vocabulary" : null);
    if (reason) found.push(`${relative(SRC, join(SRC, file))}:${number} (${reason}): ${line.trim()}`);
  }
  const lines = codeLines(text);
  const code = lines.map(([, line]) => line).join("\n");
  for (const call of code.matchAll(RAW_ACTION_CALL)) {
    if (!call[1]!.includes("\n") || !RAW_ACTION_ARGUMENT.test(call[1]!)) continue;
    const [number, line] = lines[code.slice(0, call.index).split("\n").length - 1]!;
    found.push(`${relative(SRC, join(SRC, file))}:${number} (a raw audit action): ${line.trim()}`);
  }
  return found;
}

describe("the shop's words have one home", () => {
  it("reads the words of every export of src/shared/domain", () => {
    const names = [...VOCABULARIES.keys()].map((key) => key.split(" ")[1]);
    for (const name of ["ORDER_STATES", "LEGS", "ROLES", "PAYMENT_CODES", "DRIVER_MARKS", "DRIVER_OUTCOMES", "MANIFEST_PAYMENTS", "STAFF_ACTIONS", "QUOTE_STATES", "NEEDS", "VEHICLE_KINDS"]) {
      expect(names, name).toContain(name);
    }
    for (const word of ["prepagado", "outbound", "return", "transfer_confirm", "no_show", "quoted", "guests_pay"]) expect(DISTINCT, word).toContain(word);
  });

  it("writes no domain word as a literal outside src/shared/domain", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap((file) => copiesIn(file))).toEqual([]);
  });

  it("catches the copies it is meant to catch, and not catalogue keys", () => {
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
      // A distinct word whatever it is called: the leg, the payment code, the driver's action.
      'const direction = "return";',
      'goBack(rideHome, "outbound");',
      'if (method === "prepagado") skip();',
      'const mark = x ? "no_show" : y;',
      'if (result.outcome === "refused") warn();',
      'payment: "pending",',
      'await log(tx, id, "confirm", "transfer_confirm");',
      'z.enum(["done", "repeat", "refused"])',
      'return { orderId, state: after?.state ?? "cancelled", refund };',
      '.where(and(inArray(orders.state, ["paid", ...AWAITING_STATES]), gte(x, y)))',
      'const all = [...AWAITING_STATES, "paid"];',
      'await writeAudit(tx, actor, "accounts", id, "update", { role }, { role });',
      'await appendHistory(tx, orderId, by, options.action ?? "cancel", before, after);',
      // A word picked by a condition, a fallback by `||`, a written list beside a state or asked for one.
      'const state: RefundState = byGateway ? "pending" : REFUND_STATE.awaiting_manual;',
      'state: late ? REFUND_STATE.awaiting_manual : "refunded",',
      'const kind = order.state || "cancelled";',
      '.where(inArray(orders.state, ["paid"]))',
      'if (["cancelled"].includes(order.state)) return;',
      // A word beside its vocabulary's constant, asked of a vocabulary's list, or an action picked inside the call.
      '.where(inArray(orders.state, [ORDER_STATE.paid, "cancelled"]))',
      'const shown = [...AWAITING_STATES, ORDER_STATE.paid, "cancelled"];',
      'if (SEAT_HOLDING_STATES.includes("paid")) count();',
      'if (roles.has("admin")) allow();',
      'await writeAudit(tx, actor, "orders", id, late ? "refund" : AUDIT_ACTION.cancel, null, {});',
      'await writeAudit(tx, actor, "orders", id, late ? AUDIT_ACTION.refund : "cancel", null, {});',
    ]) {
      expect(why(copy), copy).not.toBeNull();
    }
    for (const fine of [
      '"account.state.paid": "Pagado",',
      'label: "orders.state.cancelled",',
      'auth: "staff",',
      'tag: "catalogue" | "accounts" | "orders" | "staff" | "private-events" | "admin";',
      'if (view === "cancelled") show();',
      'throw new ShopError("not_found");',
      'const [state, setState] = useState(false); // a "paid" chip',
      'const name = user.name ?? "";',
      'await writeAudit(tx, actor, "orders", orderId, AUDIT_ACTION.note, null, { text });',
      'const state: RefundState = byGateway ? REFUND_STATE.pending : REFUND_STATE.awaiting_manual;',
      'const label = open ? "paid" : "cancelled";',
      'if (["paid"].includes(view)) show();',
      'const legs = [LEG.outbound, "later"];',
      'if (views.has("paid")) show();',
      'await writeAudit(tx, actor, "orders", id, late ? AUDIT_ACTION.refund : AUDIT_ACTION.cancel, null, { kind: "refund" });',
    ]) {
      expect(why(fine), fine).toBeNull();
    }
  });

  it("catches a switch over a state whose cases write its words, not a switch over anything else", () => {
    const states = 'switch (confirmation.outcome) {\n  case "approved":\n    break;\n  case PAYMENT_OUTCOME.pending:\n}';
    expect(copiesIn("x.ts", states)).toEqual(['x.ts:2 (a case of a switch over its vocabulary): case "approved":']);
    const gateway = 'switch (answer.status) {\n  case "approved":\n    break;\n}';
    expect(copiesIn("x.ts", gateway)).toEqual([]);
  });

  it("catches a raw audit action in a call written on several lines", () => {
    const raw = 'await writeAudit(\n  tx,\n  actor,\n  "orders",\n  id,\n  "refund",\n  null,\n  {},\n);';
    expect(copiesIn("x.ts", raw)).toEqual(["x.ts:1 (a raw audit action): await writeAudit("]);
    expect(copiesIn("x.ts", raw.replace('"refund"', "AUDIT_ACTION.refund"))).toEqual([]);
    const picked = raw.replace('"refund"', 'late ? "refund" : AUDIT_ACTION.cancel');
    expect(copiesIn("x.ts", picked)).toEqual(["x.ts:1 (a raw audit action): await writeAudit("]);
  });
});

describe("the database's copies of the words", () => {
  const migrations = join(SRC, "server", "db", "migrations");
  const sqlOf = (prefix: string) => readFileSync(join(migrations, readdirSync(migrations).find((name) => name.startsWith(prefix))!), "utf8");
  const inList = (list: string) => [...list.matchAll(/'([A-Za-z_]+)'/g)].map((match) => match[1]!);

  it("counts the seats of the seat-holding order states in every seat-count trigger", () => {
    // Migration 0005 made the triggers, 0170 redefined them (its five lists are the ones running now).
    for (const [migration, count] of [["0005_", 6], ["0170_", 5]] as const) {
      const lists = [...sqlOf(migration).matchAll(/state IN \(([^)]*)\)/g)].map((match) => inList(match[1]!).sort());
      expect(lists.length, migration).toBe(count);
      for (const list of lists) expect(list).toEqual([...SEAT_HOLDING_STATES].sort());
    }
  });

  it("checks each state and leg column against its vocabulary", () => {
    // A later migration that widens a vocabulary redefines its constraint: the last definition counts.
    const all = readdirSync(migrations)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => readFileSync(join(migrations, name), "utf8"))
      .join("\n");
    // A constraint a later migration renamed was defined under its former names.
    const formerName = new Map([...all.matchAll(/RENAME CONSTRAINT "(\w+)" TO "(\w+)"/g)].map((match) => [match[2]!, match[1]!]));
    const namesOf = (constraint: string): string[] => {
      const former = formerName.get(constraint);
      return former ? [constraint, ...namesOf(former)] : [constraint];
    };
    const checked = (constraint: string) => {
      // A table's constraint checks its column ("state" IN ...), a domain's of the same name its VALUE.
      const definitions = [...all.matchAll(new RegExp(`"(?:${namesOf(constraint).join("|")})"\\s+CHECK \\((?:"\\w+"|VALUE) IN \\(([^)]*)\\)`, "g"))];
      expect(definitions.length, constraint).toBeGreaterThan(0);
      return inList(definitions.at(-1)![1]!);
    };
    expect(checked("orders_state_check")).toEqual([...ORDER_STATES]);
    expect(checked("payments_state_check")).toEqual([...PAYMENT_STATES]);
    expect(checked("private_events_state_check")).toEqual([...STORED_PRIVATE_EVENT_STATES]);
    expect(checked("boardings_leg_check")).toEqual([...LEGS]);
    expect(checked("boardings_boarded_by_check")).toEqual([...BOARDED_BY]);
    expect(checked("boarding_conflicts_leg_check")).toEqual([...LEGS]);
    expect(checked("vehicle_notices_leg_check")).toEqual([...LEGS]);
    expect(checked("waiting_list_state_check")).toEqual([...WAITING_STATES]);
    expect(checked("orders_payment_code_check")).toEqual([...PAYMENT_CODES]);
    expect(checked("run_boardings_state_check")).toEqual([...DRIVER_MARKS]);
    expect(checked("driver_actions_action_check")).toEqual([...DRIVER_ACTIONS]);
    expect(checked("staff_actions_action_check")).toEqual([...STAFF_ACTIONS]);
    expect(checked("audit_log_action_check")).toEqual([...AUDIT_ACTIONS]);
    expect(checked("dispatch_plans_replan_reason_check")).toEqual([...REPLAN_REASONS]);
    expect(checked("audit_log_actor_check")).toEqual([...ORDER_ACTORS]);
    expect(checked("users_document_type_check")).toEqual([...DOCUMENT_TYPE_CODES]);
    const numbers = (constraint: string) => {
      const definitions = [...all.matchAll(new RegExp(`"${constraint}"\\s+CHECK \\("\\w+" IN \\(([\\d, ]*)\\)`, "g"))];
      expect(definitions.length, constraint).toBeGreaterThan(0);
      return definitions.at(-1)![1]!.split(",").map(Number);
    };
    expect(numbers("events_type_check")).toEqual([...EVENT_TYPES]);
    expect(numbers("events_periodicity_type_check")).toEqual([...PERIODICITY_TYPES]);
    expect(numbers("events_payment_type_check")).toEqual([...PAYMENT_TYPES]);
  });
});

/**
 * The identifiers of a source that say a rejected word, read through TypeScript's own parser so that strings,
 * comments, regular expressions and what people read are never taken for code (an Astro file's code is its
 * frontmatter and its scripts; the rest is markup and style). A `kept` name passes only as a property (`leg.van`,
 * `{ riders: … }`, `riders: z.…`, `const { van: position } = …`), never as a name of its own.
 */
function namesSaying(text: string, says: (token: string) => boolean, kept: ReadonlySet<string>, astro = false): string[] {
  const source = astro ? [...text.matchAll(/^---\n([\s\S]*?)\n---|<script[^>]*>([\s\S]*?)<\/script>/gm)].map((match) => match[1] ?? match[2]).join("\n") : text;
  const file = ts.createSourceFile("x.tsx", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && says(node.text)) {
      const parent = node.parent;
      const asProperty =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node);
      if (!(asProperty && kept.has(node.text))) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
const SOURCE_FILES = (readdirSync(SRC, { recursive: true }) as string[]).map((name) => name.split("\\").join("/"));
const CODE_FILES = SOURCE_FILES.filter((name) => /\.(ts|tsx|astro)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts"));
/** The files of `src` whose code names a rejected word. */
const filesSaying = (says: (token: string) => boolean, kept: ReadonlySet<string>) =>
  CODE_FILES.filter((file) => namesSaying(readFileSync(join(SRC, file), "utf8"), says, kept, file.endsWith(".astro")).length > 0);

const CHECK_IN = /[Cc]heck_?[Ii]ns?(?![a-z])|CHECK_IN(?![A-Z])/;
const RIDER = /(?<![a-z])rider|Rider|RIDER/;
/**
 * Fields of the contract that clients read and send under the older words, and the driver action `check_in` phones
 * send and rows store: names of properties only. Stored keys keep their words too, as strings: a passenger's mail
 * key `…-rider-{id}` (services/order-notices) names mails already sent, which a new key would send again.
 */
const CONTRACT_FIELDS = new Set(["checkIns", "riders", "check_in"]);
/** The vehicle kind `van` and the contract's fields `van` and `vanSeats`: names of properties only. */
const KEPT_PROPERTIES = new Set(["van", "vanSeats"]);
/** A name that says van or vans as a word of its own (`VAN_SEATS`, `vanMarks`), not inside another (`caravan`). */
const sayVan = (token: string): boolean =>
  token
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_$-]+/)
    .some((word) => /^vans?$/i.test(word));

/**
 * One word per idea in the code (docs/architecture.md, Glossary): identifiers, files and folders say boarding, not
 * check-in, and passenger, not rider. Strings and comments are not read: the contract's paths
 * (`/shop-api/staff/checkin-dates`) and what people read keep their words.
 */
describe("the glossary's rejected words are no identifier", () => {
  const allFiles = SOURCE_FILES;
  const using = (pattern: RegExp) => filesSaying((token) => pattern.test(token), CONTRACT_FIELDS);

  it("reads identifiers, not strings or comments, and lets the contract's fields be properties only", () => {
    const says = (token: string) => CHECK_IN.test(token) || RIDER.test(token);
    const text = 'const boardingsOf = 1; // checkIn\nfetch("/staff/checkin-dates", { checkIns });\n/* rider */ x.riderIds;\nsend({ riders: list, checkIns: [] }, run.riders);';
    expect(namesSaying(text, says, CONTRACT_FIELDS)).toEqual(["checkIns", "riderIds"]);
    expect(namesSaying("const riders = run.riders; for (const rider of riders) go(rider);", says, CONTRACT_FIELDS)).toEqual(["riders", "rider", "riders", "rider"]);
    expect(["checkIn", "CheckInSync", "CHECK_IN_LEGS", "check_in", "checkins"].every((token) => CHECK_IN.test(token))).toBe(true);
    expect(["checking", "checkInvitedSeats", "CHECK_INTERVAL_S", "checkedIn"].some((token) => CHECK_IN.test(token))).toBe(false);
  });

  it("says boarding, not check-in, in every identifier, file and folder name", () => {
    expect(allFiles.filter((name) => /check-?in(?![a-z])/i.test(name))).toEqual([]);
    expect(using(CHECK_IN)).toEqual([]);
  });

  it("says passenger, not rider, in every identifier, file and folder name", () => {
    expect(allFiles.filter((name) => RIDER.test(name))).toEqual([]);
    expect(using(RIDER)).toEqual([]);
  });
});

/**
 * Vehicle, not van, in the code (docs/architecture.md, Glossary): identifiers and file names say vehicle. Read
 * through TypeScript's own parser, so that strings, comments, regular expressions and what people read ("la van",
 * "tu furgoneta llega…") are never taken for code. The word stays only where it is another idea's name: the vehicle
 * kind `van` beside minibus, bus and car (`VEHICLE_KIND.van`, stored in `vehicles.kind`), and the fields of the
 * contract that clients read (`van`, the tracking answer's position; `vanSeats`, the manifest's seats), each only as
 * a property (`leg.van`, `{ van: … }`, `van: z.…`), never as a name of its own.
 */
describe("the glossary's rejected word van is no identifier", () => {
  /** Files that still name the word otherwise, each with why: the list only shrinks. */
  const STILL_VAN: Record<string, string> = {
    "server/seed/dispatch-sample-day.ts": "counts a sample fleet's vans beside its minibuses, buses and cars: the vehicle kind",
  };
  /** Names that keep the word in the file tree: a migration's file is named in the journal the database has applied. */
  const NAMED_FILES = /^server\/db\/migrations\//;

  const vanNamesOf = (text: string, astro = false) => namesSaying(text, sayVan, KEPT_PROPERTIES, astro);
  const allFiles = SOURCE_FILES;

  it("reads identifiers, not strings, comments or regular expressions, and lets the kind and the contract's fields be properties", () => {
    const text = [
      'const kinds = /^(van|bus)$/; // a van',
      'send("tu van llega", { kind: VEHICLE_KIND.van, van: position, vanSeats: 15 });',
      "type Leg = { van: Position | null };",
      "const { van: position } = leg;",
      "const vanSeats = 15; const latestVanPositions = 1; let { van } = leg; function go(vans: number) {}",
    ].join("\n");
    expect(vanNamesOf(text)).toEqual(["vanSeats", "latestVanPositions", "van", "vans"]);
    expect(vanNamesOf("---\nconst van = 1;\n---\n<p class=\"tracking-van\">van</p>\n<style>.tracking-van {}</style>", true)).toEqual(["van"]);
    expect(["VAN_SEATS", "VanMark", "vanMarks", "insertVanPosition", "vans"].every(sayVan)).toBe(true);
    expect(["vanilla", "caravan", "relevant", "advance", "savanna", "vehicle"].some(sayVan)).toBe(false);
  });

  it("says vehicle, not van, in every identifier and file name but those listed with their reason", () => {
    expect(allFiles.filter((name) => sayVan(name.split("/").pop()!.replace(/\.\w+$/, "")) && !NAMED_FILES.test(name))).toEqual([]);
    const using = filesSaying(sayVan, KEPT_PROPERTIES);
    expect(using.sort()).toEqual(Object.keys(STILL_VAN).sort());
  });
});

/**
 * The browser journeys, the API and load tests, their helpers and the scripts (benches included) say vehicle,
 * passenger and boarding in their own names too, with the same properties kept. What a bench prints and the options
 * a person passes to it are strings, not read: a renamed option keeps its former name as another (`--vans`).
 */
describe("the rejected words are no identifier in tests/, scripts/ and the unit tests beside the code", () => {
  const ROOT = join(SRC, "..");
  /** This file names the words it rejects. */
  const SELF = "src/shared/domain/vocabulary.test.ts";
  const unitTests = SOURCE_FILES.filter((name) => /\.(test|spec)\.tsx?$/.test(name)).map((name) => `src/${name}`).filter((name) => name !== SELF);
  const files = [
    ...["tests", "scripts"].flatMap((folder) =>
      (readdirSync(join(ROOT, folder), { recursive: true }) as string[]).map((name) => `${folder}/${name.split("\\").join("/")}`),
    ),
    ...unitTests,
  ];
  const says = (token: string) => sayVan(token) || RIDER.test(token) || CHECK_IN.test(token);
  /**
   * Former names of a bench's option and settings, still read as properties (`values.vans`, `process.env.BENCH_VANS`,
   * the shop's `VAN_SEATS` read when `VEHICLE_SEATS` is unset).
   */
  const FORMER_OPTIONS = ["vans", "BENCH_VANS", "VAN_SEATS"];
  const kept = new Set([...KEPT_PROPERTIES, ...CONTRACT_FIELDS, ...FORMER_OPTIONS]);

  it("says vehicle, passenger and boarding in every identifier and file name", () => {
    const code = files.filter((name) => /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts"));
    expect(code.length).toBeGreaterThan(100);
    expect(files.filter((name) => says(name.split("/").pop()!.replace(/\.\w+$/, "")))).toEqual([]);
    const named = code.flatMap((file) => [...new Set(namesSaying(readFileSync(join(ROOT, file), "utf8"), says, kept))].map((name) => `${file}: ${name}`));
    expect(named).toEqual([]);
  });
});
