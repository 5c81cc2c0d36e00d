/**
 * Who a verified session token speaks for: the user's row must still exist, be verified and carry the token's
 * version (log-out, a new password or a new email move it on and end every older token). The bearer check runs it
 * on its own lookup; the purchase reads the same row within its first statement (services/purchase-checks/purchase-checks.ts).
 */
import { eq, sql } from "drizzle-orm";
import { ShopError } from "../../shared/domain/shop-error";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { SessionClaims } from "./session-tokens";

export interface Caller {
  id: number;
  role: string;
  email: string;
  countryCode: string;
  localeCode: string;
  /** When the token ends (seconds since the epoch). */
  tokenExpiresAt: number;
  /** The version the token carries (the user's current one). */
  tokenVersion: number;
}

/** The columns of the user's row the check reads. */
export interface CallerRow {
  id: number;
  role: string;
  email: string;
  tokenVersion: number;
  verified: boolean;
  countryCode: string;
  localeCode: string;
}

/** The caller the token speaks for; `unauthorized` when its user is gone, unverified or has ended the token. */
export function callerFromRow(user: CallerRow | undefined, claims: SessionClaims): Caller {
  if (!user || !user.verified || user.tokenVersion !== claims.tv) throw new ShopError("unauthorized");
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    countryCode: user.countryCode,
    localeCode: user.localeCode,
    tokenExpiresAt: claims.exp,
    tokenVersion: user.tokenVersion,
  };
}

/**
 * The same columns in plain SQL, for a statement that reads the caller's row (alias `u`) beside its own work (the
 * van's positions: services/dispatch/driver-plans.ts); `callerRowOf` reads them back.
 */
export const CALLER_COLUMNS_SQL = `u.id as caller_id, u.role as caller_role, u.email as caller_email, u.token_version as caller_token_version,
  (u.verified_at is not null or u.email_undeliverable_at is not null) as caller_verified, u.country_code as caller_country_code,
  u.locale_code as caller_locale_code`;

/** The columns of CALLER_COLUMNS_SQL as a CallerRow, or undefined when the statement found no user. */
export function callerRowOf(row: Record<string, unknown> | undefined): CallerRow | undefined {
  if (!row || row.caller_id === null || row.caller_id === undefined) return undefined;
  return {
    id: Number(row.caller_id),
    role: String(row.caller_role),
    email: String(row.caller_email),
    tokenVersion: Number(row.caller_token_version),
    verified: row.caller_verified === true,
    countryCode: String(row.caller_country_code),
    localeCode: String(row.caller_locale_code),
  };
}

/** The caller's row, as a prepared statement (every signed-in call runs it): parsed and planned once per connection. */
function buildCallerLookup(db: Db) {
  return db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      tokenVersion: users.tokenVersion,
      // An address the mail server refused for good can never be verified: its owner signs in to correct it. A
      // purchase still wants a verified address (purchase-checks.ts reads verified_at alone): tickets must arrive.
      verified: sql<boolean>`(${users.verifiedAt} is not null or ${users.emailUndeliverableAt} is not null)`,
      countryCode: users.countryCode,
      localeCode: users.localeCode,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("bearer_caller");
}

const callerLookups = new WeakMap<Db, ReturnType<typeof buildCallerLookup>>();

/** The caller a verified token speaks for, read on its own (`callerFromRow` says why it may be refused). */
export async function loadCaller(db: Db, claims: SessionClaims): Promise<Caller> {
  let lookup = callerLookups.get(db);
  if (!lookup) callerLookups.set(db, (lookup = buildCallerLookup(db)));
  const [user] = await lookup.execute({ id: claims.userId });
  return callerFromRow(user, claims);
}
