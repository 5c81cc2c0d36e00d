/**
 * Why a purchase was refused, carried from the wizard to /order-rejected in the address
 * (`?reason=<refusal code>&event=<slug>`), so the page can say what happened and what to do next.
 * Codes the page has no words for keep the generic error copy.
 */
import type { ErrorCode } from "../../shared/domain/shop-error";
import type { MessageKey } from "../../shared/i18n";

export type RejectionReason = "sold_out" | "discount" | "payment_refused";

const REASON_OF_CODE: Readonly<Partial<Record<ErrorCode, RejectionReason>>> = {
  stock_exhausted: "sold_out",
  discount_used_up: "discount",
  discount_expired: "discount",
  discount_invalid: "discount",
  discount_not_applicable: "discount",
  payment_gateway_refused: "payment_refused",
  payment_gateway_unavailable: "payment_refused",
  payment_method_unavailable: "payment_refused",
  payment_currency_unsupported: "payment_refused",
};

/** The explanation of each reason; the page's next step is the event, or the account's purchases. */
export const REJECTION_TEXT = {
  sold_out: "pages.payment.rejected_sold_out",
  discount: "pages.payment.rejected_discount",
  payment_refused: "pages.payment.rejected_payment",
} as const satisfies Record<RejectionReason, MessageKey>;

export function rejectionReason(code: string | null | undefined): RejectionReason | undefined {
  return code && Object.hasOwn(REASON_OF_CODE, code) ? REASON_OF_CODE[code as ErrorCode] : undefined;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/i;
const CODE = /^[a-z_]{1,60}$/;

/** Where the wizard sends a refused purchase: the reason and the event, when known. */
export function rejectedHref(prefix: string, code: string | null | undefined, eventSlug: string | null | undefined): string {
  const query = new URLSearchParams();
  if (code && CODE.test(code)) query.set("reason", code);
  if (eventSlug && SLUG.test(eventSlug)) query.set("event", eventSlug);
  const search = query.toString();
  return `${prefix}/order-rejected${search ? `?${search}` : ""}`;
}

/** What /order-rejected reads back from its address; anything odd is dropped. */
export function readRejection(search: string): { reason?: RejectionReason; eventSlug?: string } {
  const query = new URLSearchParams(search);
  const slug = query.get("event");
  return { reason: rejectionReason(query.get("reason")), eventSlug: slug && SLUG.test(slug) ? slug : undefined };
}
