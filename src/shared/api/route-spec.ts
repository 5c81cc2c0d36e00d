/**
 * How a route of the contract is declared: method and path (the key it is listed under), its request schemas, its
 * answer and its refusals. Every area's route file (./routes/*.ts) declares its routes with `route()`.
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
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** A multipart/form-data body instead of JSON: one file in the field `file`, at most `maxBytes`, of these media types. */
  upload?: { maxBytes: number; mediaTypes: readonly string[] };
  /** The success status: 200 unless said. */
  status?: 200 | 201;
  /** The `data` of a success; a route without one answers with a redirect. */
  answer?: z.ZodMiniType;
  /** The redirect a route answers instead of JSON. */
  redirect?: { status: 303; to: string };
  /** The refusal codes a caller can meet, by status (besides 400 invalid_json, 413 and 500, which any call may answer). */
  refusals?: Partial<Record<RefusalStatus, readonly ErrorCode[]>>;
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

/** A row id in a path: anything that is not a positive integer names no row (404). */
export const rowIdPath = z.object({ id: z.string().check(z.regex(/^\d+$/)) });
