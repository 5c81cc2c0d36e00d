/** A customer's own cancellation: what it would give back, and what it did. Money in minor units. */
import * as z from "zod/mini";
import { refundAnswerSchema } from "./order-desk";

export const cancellationTermsSchema = z.object({
  orderId: z.number(),
  /** Whether the booking can be cancelled now. */
  open: z.boolean(),
  /** Until when a cancellation is (or was) possible on these terms; null when the event allows none. */
  freeUntil: z.nullable(z.string()),
  /** The share kept by the policy now, in percent (100 when closed). */
  keepPercent: z.number(),
  /** What would go back to the buyer. */
  refund: z.number(),
  currency: z.string(),
  /** The passengers still booked, to choose from (a shared ticket's passengers go together). */
  passengers: z.array(z.object({ id: z.number(), name: z.string(), ticketId: z.number() })),
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

export const selfCancelAnswerSchema = z.object({
  orderId: z.number(),
  state: z.string(),
  refund: z.nullable(refundAnswerSchema),
});
export type SelfCancelAnswer = z.infer<typeof selfCancelAnswerSchema>;
