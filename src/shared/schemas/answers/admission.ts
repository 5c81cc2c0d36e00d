/**
 * The purchase queue's refusal (503 `purchase_queue_full`, src/server/http/admission.ts): the failure envelope plus
 * when to send the purchase again and how many purchases were ahead of it.
 */
import * as z from "zod/mini";
import { failureSchema } from "./envelope";

export const queueFullFailureSchema = z.extend(failureSchema, {
  code: z.literal("purchase_queue_full"),
  /** Seconds to wait before sending the purchase again (the same as the Retry-After header). */
  retryAfter: z.number(),
  /** Purchases ahead of this one in the shop process that answered, when it answered. */
  position: z.number(),
});
export type QueueFullFailure = z.infer<typeof queueFullFailureSchema>;
