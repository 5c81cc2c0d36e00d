/** The answers of a shared purchase: one passenger's share, and the buyer's view of all of them. */
import * as z from "zod/mini";
import { SHARE_STATES } from "../../domain/shares";

/** GET /shop-api/shares/{token}: what the friend's payment page shows. */
export const shareAnswerSchema = z.object({
  name: z.string(),
  eventName: z.string(),
  eventDate: z.nullable(z.string()),
  countryCode: z.string(),
  amount: z.number(),
  currency: z.string(),
  deadline: z.string(),
  state: z.enum(SHARE_STATES),
  buyerName: z.string(),
  /** The share's own order: its ticket once paid. */
  orderId: z.number(),
  /** The paid share's ticket code (the passenger's own QR), else null. */
  ticketCode: z.nullable(z.string()),
  /** The methods of the event's country the share can be paid with. */
  paymentCodes: z.array(z.string()),
});
export type ShareAnswer = z.infer<typeof shareAnswerSchema>;

/** GET /shop-api/orders/{id}/shares: who has paid, for the buyer. */
export const orderSharesAnswerSchema = z.array(
  z.object({
    id: z.number(),
    orderId: z.number(),
    name: z.string(),
    email: z.string(),
    amount: z.number(),
    currency: z.string(),
    deadline: z.string(),
    state: z.enum(SHARE_STATES),
  }),
);
export type OrderSharesAnswer = z.infer<typeof orderSharesAnswerSchema>;
