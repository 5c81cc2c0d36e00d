/**
 * Following a payment's start as the wizard does: MercadoPago's init point is opened, Webpay's form is posted
 * with its token; a transfer stays on the page (its details were mailed). Answers whether the browser leaves.
 */
import type { PaymentStartAnswer } from "../../shared/schemas/purchase";

export function followPayment(payment: PaymentStartAnswer): boolean {
  if (payment.preference_init_point) {
    window.location.assign(payment.preference_init_point);
    return true;
  }
  if (payment.webpay_url && payment.webpay_token) {
    const form = document.createElement("form");
    form.method = "post";
    form.action = payment.webpay_url;
    const token = document.createElement("input");
    token.type = "hidden";
    token.name = "token_ws";
    token.value = payment.webpay_token;
    form.append(token);
    document.body.append(form);
    form.submit();
    return true;
  }
  return false;
}
