/**
 * The API's one answer shape: `{ success: true, data }` or
 * `{ success: false, code, message, fields? }` with a stable `code` the client can translate.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ShopError, type HttpErrorCode, type ShopErrorCode } from "../../shared/domain/shop-error";
import { isMessageKey, translate, type MessageKey } from "../../shared/i18n";
import type { AppEnv } from "./context";
import { statusOf } from "./error-statuses";

export function ok<T>(c: Context<AppEnv>, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, data }, status);
}

/**
 * A refusal of the HTTP layer itself (a body too large, unreadable JSON, a path that names nothing, a caller
 * without the role): one of the typed codes of src/shared/domain/shop-error.ts with the status it answers here;
 * services throw `ShopError` instead, whose status comes from the table in error-statuses.ts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: HttpErrorCode | Extract<ShopErrorCode, "not_found" | "validation_failed">,
    /** Field name -> message key, for form errors. */
    readonly fields?: Record<string, string>,
    /** Values for placeholders in the translated message ({minutes} ...). */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
}

export function fail(c: Context<AppEnv>, error: ApiError | ShopError) {
  const status = error instanceof ShopError ? statusOf(error.code) : error.status;
  const locale = c.get("locale");
  const key = `errors.${error.code}`;
  const message = isMessageKey(key) ? translate(locale, key, error.params) : error.code;
  const fields = error.fields
    ? Object.fromEntries(
        // A check with no catalogue key of its own (a schema library default such as "Invalid input: expected
        // string, received number") must not reach a person untranslated.
        // The refusal's own values fill the field's message too (a list's "at most {max} guests").
        Object.entries(error.fields).map(([name, code]) => [name, translate(locale, isMessageKey(code) ? code : "errors.invalid_value", error.params)]),
      )
    : undefined;
  // An attempt-limit refusal also says in the standard header when to try again (the minutes of its message).
  if (error.code === "too_many_attempts" && typeof error.params?.minutes === "number") c.header("Retry-After", String(error.params.minutes * 60));
  // A flooding phone's positions: its bucket refills within a second.
  if (error.code === "positions_too_many") c.header("Retry-After", "1");
  return c.json({ success: false as const, code: error.code, message, ...(fields ? { fields } : {}) }, status);
}

/** Seconds a request refused because the database was out of reach is told to wait before it is sent again. */
export const DATABASE_RETRY_SECONDS = 2;

/**
 * The refusal of a request that met the database out of reach: 503 `database_unavailable` with Retry-After, never
 * stored by a cache. Nothing was written, so the same request may be sent again (the booking wizard does).
 */
export function databaseUnavailable(c: Context<AppEnv>) {
  c.header("Retry-After", String(DATABASE_RETRY_SECONDS));
  c.header("Cache-Control", "no-store");
  return fail(c, new ApiError(503, "database_unavailable", undefined, { seconds: DATABASE_RETRY_SECONDS }));
}

/**
 * The refusal of a write that met the database gone when its commit may already have happened (the connection was
 * lost during or after COMMIT, or a statement after a committed write failed): 503 `outcome_unknown`, distinct from
 * `database_unavailable` because sending the same request again might do it twice. The message asks the person to
 * look first; Retry-After says when the shop may answer again.
 */
export function outcomeUnknown(c: Context<AppEnv>) {
  c.header("Retry-After", String(DATABASE_RETRY_SECONDS));
  c.header("Cache-Control", "no-store");
  return fail(c, new ApiError(503, "outcome_unknown"));
}

export type { MessageKey };
