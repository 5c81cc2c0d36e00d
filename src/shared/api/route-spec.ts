/**
 * How a route of the contract is declared: method and path (the key it is listed under), its request schemas, its
 * answer and its refusals. Every area's route file (./contract/*.ts) declares its routes with `route()`.
 */
import * as z from "zod/mini";
import type { ErrorCode } from "../domain/shop-error";
import type { ROLE } from "../domain/roles";

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503;

export interface RouteSpec {
  summary: string;
  description?: string;
  tag: "catalogue" | "accounts" | "orders" | "staff" | "private-events" | "admin" | "driver";
  /** "bearer": a signed-in customer; "staff": a signed-in staff member or admin; "admin": an admin only; "driver": a driver only. */
  auth?: "bearer" | typeof ROLE.staff | typeof ROLE.admin | typeof ROLE.driver;
  /**
   * A route without `auth` that still reads a token: "optional-bearer" answers everyone and more to a signed-in
   * caller; "bearer-or-link-key" answers the signed-in owner or whoever holds the signed `key` of the link the shop
   * gave out (and 401 to a caller with neither).
   */
  access?: "optional-bearer" | "bearer-or-link-key";
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** Request headers the route reads (an object schema keyed by the header's name), documented as header parameters. */
  headers?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** A multipart/form-data body instead of JSON: one file in the field `file`, at most `maxBytes`, of these media types. */
  upload?: { maxBytes: number; mediaTypes: readonly string[] };
  /** The success status: 200 unless said. */
  status?: 200 | 201;
  /** The `data` of a success; a route without one answers with a redirect. */
  answer?: z.ZodMiniType;
  /**
   * The files a route answers instead of JSON (an invoice's PDF; an export's CSV or XLSX): each media type and what it
   * holds, or when it is answered rather than the JSON `answer`.
   */
  files?: readonly FileAnswer[];
  /**
   * The redirect a route answers a browser. A caller whose Accept names JSON and not HTML (an app, a generated client)
   * is answered 200 `{ location }` instead, so it can follow or show the page itself.
   */
  redirect?: { status: 303; to: string };
  /**
   * A stream of Server-Sent Events (text/event-stream) instead of JSON: each event's `data` is one JSON document of
   * this schema, sent at once and after every change.
   */
  events?: z.ZodMiniType;
  /** The refusal codes a caller can meet, by status (besides 400 invalid_json, 413 and 500, which any call may answer). */
  refusals?: Partial<Record<RefusalStatus, readonly ErrorCode[]>>;
}

/** The JSON answer of a redirect route to a caller that asked for JSON: the page the browser would have been sent to. */
export const redirectAnswerSchema = z.object({ location: z.string() });

export interface FileAnswer {
  mediaType: string;
  description: string;
}

/** Declares one route: the declaration as written, its literal types kept (`const R`) for the handlers and the client. */
export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

/** The pictures an upload takes (recognised by their bytes, never SVG) and their size limit. */
export const IMAGE_UPLOAD = { maxBytes: 8 * 1024 * 1024, mediaTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] } as const;
/** The guest-list spreadsheets an upload takes (.xlsx, .xls) and their size limit. */
export const SHEET_UPLOAD = {
  maxBytes: 2 * 1024 * 1024,
  mediaTypes: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/vnd.ms-excel"],
} as const;

/** Row ids and other row-naming path parameters (a miss answers 404): src/shared/schemas/path-params.ts. */
export { pathRowId, rowIdPath } from "../schemas/path-params";
