/**
 * What staff send on event day: transfers they validate, the van runs and the "van is arriving" messages. Messages are catalogue keys.
 */
import * as z from "zod/mini";
import { MAX_DB_ID } from "../domain/ids";
import { ORDER_STATES } from "../domain/order-states";
import { idParam } from "./catalogue";
import { numberParam, requiredText } from "./fields";

export const STAFF_ORDERS_PAGE_SIZE_MAX = 100;

/** GET /shop-api/staff/orders: a state (none: every state), a search text, and the page wanted (1-based). */
export const staffOrdersQuerySchema = z.object({
  state: z.optional(z.enum(ORDER_STATES, { error: "errors.invalid_state" })),
  q: z.optional(z.string().check(z.trim(), z.maxLength(120, "form.too_long"))),
  page: numberParam(100_000),
  pageSize: numberParam(STAFF_ORDERS_PAGE_SIZE_MAX),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;

/** POST /shop-api/staff/orders/{id}/reject-transfer: why, in words the buyer reads in the mail. */
export const rejectTransferSchema = z.object({ reason: requiredText(500) });
export type RejectTransfer = z.infer<typeof rejectTransferSchema>;

/** GET /shop-api/staff/manifests: one event date in one province. */
export const manifestQuerySchema = z.object({ eventDateId: idParam, provinceId: idParam });
export type ManifestQuery = z.infer<typeof manifestQuerySchema>;

import { LEGS, type Leg } from "../domain/legs";
export { LEGS, type Leg };

/** POST /shop-api/staff/manifests/next-stop: the van's next stop; its passengers get "arriving in about N minutes". */
export const nextStopSchema = z.object({
  // An id past the database's range names no row (and is refused as such): the contract says where ids end.
  eventDateId: z.number({ error: "errors.invalid_id" }).check(z.int("errors.invalid_id"), z.positive("errors.invalid_id")).register(z.globalRegistry, { maximum: MAX_DB_ID }),
  provinceId: z.number({ error: "errors.invalid_id" }).check(z.int("errors.invalid_id"), z.positive("errors.invalid_id")).register(z.globalRegistry, { maximum: MAX_DB_ID }),
  stop: requiredText(400),
  leg: z.enum(LEGS, { error: "errors.invalid_leg" }),
  minutes: z.number({ error: "errors.invalid_minutes" }).check(z.int("errors.invalid_minutes"), z.gte(1, "errors.invalid_minutes"), z.lte(120, "errors.invalid_minutes")),
});
export type NextStop = z.infer<typeof nextStopSchema>;
