/**
 * The shop's PostgreSQL connections (node-postgres): every pool and single session the shop opens is made here,
 * with the same limits, so that a database that stops, restarts or hangs costs a request seconds, never the
 * process:
 * - a connection must be made within CONNECT_TIMEOUT_MS (a stopped server refuses at once, one out of reach
 *   would otherwise be waited on for minutes);
 * - a statement runs at most STATEMENT_TIMEOUT_MS on the server, and the client gives up on an answer
 *   QUERY_TIMEOUT_MS after sending (a server that stopped answering without closing the socket);
 * - a request waits at most POOL_WAIT_MS for a free pooled connection;
 * - every connection has an `error` listener from birth: node-postgres emits `error` on a connection lost between
 *   statements (a server shut down while the connection was idle or lent out), and an EventEmitter's `error`
 *   without a listener ends the process. The pool drops the broken connection and makes a new one when asked.
 *
 * Each connection also remembers whether it is inside a transaction, so that an error losing the connection can
 * say whether what was sent may have been committed (`mayHaveCommitted`): a COMMIT, or a write outside a
 * transaction, that was sent and not answered. A statement never sent, or one inside a transaction (rolled back
 * with the connection by the server), changed nothing.
 */
import pg from "pg";
import { boundedMemo } from "../../shared/bounded-memo";
import { noteCommit } from "../request-context";
import { isDatabaseUnavailable } from "./unavailable";

/**
 * How long making a connection (TCP and PostgreSQL's start-up) may take. A stopped or restarting server answers at
 * once (refused, or "starting up"); this bounds a server out of reach, whose packets are dropped. Not shorter: on a
 * machine whose cores are busy, a new backend's start-up alone can take a second or two.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/** How long the server lets one statement run (`statement_timeout`); the longest report or export takes far less. */
export const STATEMENT_TIMEOUT_MS = 20_000;
/** How long the client waits for a statement's answer before it counts the connection as lost. */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/** How long a request waits for a free pooled connection before it is told to come back (the shop is overloaded). */
export const POOL_WAIT_MS = 15_000;
/** How long an unused pooled connection is kept. */
export const IDLE_TIMEOUT_MS = 30_000;

/**
 * The planner's price of reading a page out of order, against reading the next one (`random_page_cost`), on every
 * connection of the shop. PostgreSQL's default of 4 prices a spinning disk; the shop's tables are in memory or on
 * SSD, where looking a row up by its key costs about what reading the page next to it costs. At 4 the planner read
 * the small tables a sale looks up (the date, its event, the subcategories) from end to end and hashed them on every
 * sale instead of fetching the one row by its key: a quarter of PostgreSQL's work in the purchase's lookup.
 */
export const RANDOM_PAGE_COST = 1.1;

/** Messages of node-postgres for a statement that was never sent (the connection was already broken or closed). */
const NEVER_SENT = /is not queryable/;
/** A statement that only reads: what such a statement did needs no commit to be lost. */
const READ_ONLY = /^\s*(select|show|values|listen|unlisten|set|reset)\b/i;
/** …unless it writes all the same (a data-modifying CTE, a function with side effects). */
const WRITES = /\b(insert|update|delete|merge|truncate|create|alter|drop)\b|\b(nextval|setval|pg_notify|shop_\w+)\s*\(/i;

/**
 * Whether a statement sent outside a transaction may have changed something (it commits on its own). Asked of every
 * statement, twice (the pool and the connection), and the shop sends the same texts over and over: the answer is
 * kept per text (the scan of a purchase's statements for a writing word took 2 % of the shop's CPU per purchase).
 */
const writesOnItsOwn = boundedMemo(2_000, (text) => !READ_ONLY.test(text) || WRITES.test(text));

type Callback = (error: Error | null, result?: unknown) => void;

interface QueryConfigLike {
  text?: string;
}

function textOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && typeof (first as QueryConfigLike).text === "string") return (first as QueryConfigLike).text!;
  return "";
}

/**
 * A node-postgres client that never lets a lost connection end the process, keeps its own connect timeout
 * (the pool's `connectionTimeoutMillis` is the wait for a free connection), and tells apart errors of statements
 * that may have been committed.
 */
export class ShopClient extends pg.Client {
  /** Inside BEGIN … COMMIT/ROLLBACK. */
  #inTransaction = false;
  /**
   * A COMMIT sent here went unanswered: whatever fails on this connection afterwards (Drizzle's ROLLBACK, whose
   * error replaces the COMMIT's) still stands for a transaction that may have been committed.
   */
  #uncertain = false;

  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    this.on("error", (error: Error) => {
      // The pool (when idle) or the statement under way (when lent out) hears of it too; this listener only
      // keeps the process alive and says why the connection went.
      if (!quiet.has(this)) console.error(`database connection lost: ${error.message}`);
    });
    // node-postgres's query() has many overloads; the shop's callers and Drizzle pass a text or a config, with
    // values, and either a callback (the pool's query) or none (a promise). Wrapped here, it keeps its types.
    const query = (super.query as (...a: unknown[]) => unknown).bind(this);
    this.query = ((...args: unknown[]) => this.#query(query, args)) as typeof this.query;
  }

  #query(query: (...a: unknown[]) => unknown, args: unknown[]): unknown {
    const text = textOf(args);
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? "";
    const wasInTransaction = this.#inTransaction;
    if (verb === "begin" || verb === "start") {
      this.#inTransaction = true;
      this.#uncertain = false;
    }
    /** `noted`: whether a success may be noted as the request's commit here (see ShopPool for the other case). */
    const settle = (error: Error | null, noted = true) => {
      if (verb === "commit" || verb === "rollback" || verb === "end" || verb === "abort") this.#inTransaction = false;
      if (error) {
        const lost = isDatabaseUnavailable(error);
        const sent = !NEVER_SENT.test(error.message);
        const committing = verb === "commit" || verb === "end" || (!wasInTransaction && verb !== "begin" && verb !== "start" && writesOnItsOwn(text));
        if (lost && sent && committing) this.#uncertain = true;
        if (this.#uncertain) Object.assign(error, { mayHaveCommitted: true });
        // A transaction whose connection broke is over on the server.
        if (lost) this.#inTransaction = false;
        return;
      }
      this.#uncertain = false;
      if (noted && (verb === "commit" || verb === "end" || (!wasInTransaction && verb !== "begin" && verb !== "start" && writesOnItsOwn(text)))) noteCommit();
    };
    const last = args[args.length - 1];
    if (typeof last === "function") {
      const callback = last as Callback;
      // A callback runs in whatever context the connection's socket has, not the caller's: the pool's query, the
      // one caller using it, notes its commits itself.
      args[args.length - 1] = (error: Error | null, result?: unknown) => {
        settle(error, false);
        callback(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer && typeof (answer as Promise<unknown>).then === "function") {
      return (answer as Promise<unknown>).then(
        (result) => {
          settle(null);
          return result;
        },
        (error: Error) => {
          settle(error);
          throw error;
        },
      );
    }
    // A Submittable (a cursor, a stream): passed through as it is.
    return answer;
  }
}

/**
 * Whether a read met a connection that broke under it (a pooled connection the server closed while it was lent):
 * sent again, it takes another connection. A connection that could not be made at all is not retried.
 */
function brokeUnderIt(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "57P01" || code === "57P02" || code === "08006" || code === "08003") return true;
  return typeof message === "string" && /^(Connection terminated unexpectedly|Client has encountered a connection error and is not queryable)/.test(message);
}

/**
 * The shop's pool: a statement outside a transaction that only reads and met a broken connection is sent once
 * more (so a read right after a committed write, on a connection PostgreSQL closed while restarting, does not turn
 * the write's answer into a failure), and a write outside a transaction is noted as the request's commit.
 */
export class ShopPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    const query = (super.query as (...a: unknown[]) => unknown).bind(this);
    this.query = ((...args: unknown[]) => {
      if (typeof args[args.length - 1] === "function") return query(...args);
      const text = textOf(args);
      const writes = writesOnItsOwn(text);
      const once = () => query(...args) as Promise<unknown>;
      const answer = writes ? once() : once().catch((error: unknown) => (brokeUnderIt(error) ? once() : Promise.reject(error)));
      return writes ? answer.then((result) => (noteCommit(), result)) : answer;
    }) as typeof this.query;
  }
}

/** Sessions closed on purpose (the shop stopping): their end is no news. */
const quiet = new WeakSet<pg.Client>();

/** `date` values as postgres.js and PGlite give them: the day at UTC midnight, whatever the machine's zone. */
const types = {
  getTypeParser: ((oid: number, format?: string) => (oid === pg.types.builtins.DATE ? (value: string) => new Date(value) : pg.types.getTypeParser(oid, format as "text"))) as typeof pg.types.getTypeParser,
};

/**
 * The settings of every connection to `url`. A `?host=/var/run/postgresql` URL reaches the server over its Unix
 * socket in that folder, as libpq reads it (node-postgres's parser does the same): a shop on the database's machine
 * spends less CPU per statement over the socket than over loopback TCP, on both sides.
 */
export function connectionConfig(url: string, options: { applicationName?: string; statementTimeout?: boolean } = {}): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: options.applicationName ?? "rodamos",
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    ...(options.statementTimeout === false ? {} : { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS }),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types,
  };
}

/**
 * A pool of `max` connections to `url`, with the limits above. `genericPlans`: its connections plan each named
 * statement once and keep that plan (`plan_cache_mode = force_generic_plan`), for the hot statements whose plan does
 * not depend on their values (db/statements.ts `planOnce`); PostgreSQL otherwise plans a statement with array
 * parameters anew on every run, which costs it more than running it.
 */
export function openPool(url: string, options: { max: number; applicationName?: string; genericPlans?: boolean }): pg.Pool {
  const config = connectionConfig(url, { applicationName: options.applicationName });
  const planning = options.genericPlans ? { options: `${config.options} -c plan_cache_mode=force_generic_plan` } : {};
  const pool = new ShopPool({ ...config, ...planning, Client: ShopClient, max: options.max, connectionTimeoutMillis: POOL_WAIT_MS, idleTimeoutMillis: IDLE_TIMEOUT_MS });
  // An idle connection that breaks is reported here (the pool has already dropped it).
  pool.on("error", () => {});
  return pool;
}

/** One session of its own to `url` (a lock holder, a listener), never lent to anyone else. */
export function openSession(url: string, options: { applicationName?: string; statementTimeout?: boolean } = {}): ShopClient {
  return new ShopClient(connectionConfig(url, options));
}

/** Ends a session or pool the shop is done with, within `timeoutMs`, without reporting its end as a loss. */
export async function closeQuietly(client: pg.Client | pg.Pool, timeoutMs = 5_000): Promise<void> {
  if (client instanceof pg.Client) quiet.add(client);
  const ending = client.end().catch(() => {});
  await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
