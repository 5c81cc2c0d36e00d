/**
 * Step 4: the payment action by method. Webpay: the browser posts token_ws
 * to the returned url (sent at once, with a visible button should the automatic submit not happen);
 * MercadoPago: the init point is followed; transfer: the bank details and the 24 h validation note;
 * prepagado: a confirmation. An unknown method shows "Error"; a refused purchase goes to /order-rejected.
 * A shared purchase the buyer pays none of starts no payment: the step says the links went out.
 */
import { useEffect, useRef, type Ref } from "react";
import { formatDateTime, timeZoneOf } from "../../shared/format/dates";
import type { PaymentStartAnswer } from "../../shared/schemas/purchase";
import { rejectedHref } from "../payment-result/rejection";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";
import { StepTitle } from "./StepTitle";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";

interface Props {
  payment: PaymentStartAnswer | null;
  rejected: boolean;
  /** The refusal's code and the event, for /order-rejected to say why and offer the event again. */
  rejection?: string | null;
  eventSlug: string;
  countryCode: string;
  prefix: string;
  texts: BookingTexts;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The account's details in the order people copy them; an IBAN country's account has no number or kind. */
const TRANSFER_FIELDS = ["bankName", "accountType", "accountId", "iban", "bic", "holder", "dni", "email"] as const;

function OrderLine({ payment, countryCode, texts }: { payment: PaymentStartAnswer; countryCode: string; texts: BookingTexts }) {
  return (
    <p className="bk-order-line">
      <strong>{fill(texts["booking.payment.order"], { id: payment.orderId })}</strong>
      {payment.holdExpiresAt ? ` · ${fill(texts["booking.payment.hold"], { time: formatDateTime(payment.holdExpiresAt, timeZoneOf(countryCode)) })}` : null}
    </p>
  );
}

function WebpayAction({ payment, texts }: { payment: PaymentStartAnswer; texts: BookingTexts }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, []);
  return (
    <form ref={form} method="post" action={payment.webpay_url} className="bk-pay-form">
      <input type="hidden" name="token_ws" value={payment.webpay_token ?? ""} />
      <p role="status">{texts["booking.payment.redirecting"]}</p>
      <p className="bk-hint">{texts["booking.payment.redirect_hint"]}</p>
      <button type="submit" className="btn btn-primary">
        {texts["payments.webpay.go"]}
      </button>
    </form>
  );
}

function MercadoPagoAction({ payment, texts }: { payment: PaymentStartAnswer; texts: BookingTexts }) {
  const url = payment.preference_init_point ?? "";
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);
  return (
    <div className="bk-pay-form">
      <p role="status">{texts["booking.payment.redirecting"]}</p>
      <p className="bk-hint">{texts["booking.payment.redirect_hint"]}</p>
      <a className="btn btn-primary" href={url}>
        {texts["payments.mercadopago.go"]}
      </a>
    </div>
  );
}

function TransferDetails({ payment, texts }: { payment: PaymentStartAnswer; texts: BookingTexts }) {
  return (
    <div className="bk-transfer" data-testid="booking-transfer">
      <p>{texts["booking.transfer.body"]}</p>
      <h4>{texts["payments.transfer.title"]}</h4>
      <dl>
        {TRANSFER_FIELDS.filter((field) => payment[field]).map((field) => (
          <div key={field}>
            <dt>{texts[`payments.transfer.${field}`]}</dt>
            <dd>{payment[field]}</dd>
          </div>
        ))}
      </dl>
      <p className="bk-note">{texts["payments.transfer.validation_notice"]}</p>
    </div>
  );
}

export function StepPayment({ payment, rejected, rejection, eventSlug, countryCode, prefix, texts, headingRef }: Props) {
  useEffect(() => {
    if (rejected) window.location.assign(rejectedHref(prefix, rejection, eventSlug));
  }, [rejected, rejection, eventSlug, prefix]);

  if (rejected || !payment) {
    return (
      <div className="bk-step-body" role="status">
        <p>{texts["booking.rejected"]}</p>
      </div>
    );
  }

  const title =
    payment.paymentCode === PAYMENT_CODE.transferencia
      ? texts["booking.transfer.title"]
      : payment.paymentCode === PAYMENT_CODE.prepagado
        ? texts["booking.prepaid.title"]
        : texts["booking.payment.title"];

  if (payment.sharesOnly) {
    return (
      <div className="bk-step-body bk-payment" data-testid="booking-shares-sent">
        <StepTitle headingRef={headingRef}>{texts["shares.sent_title"]}</StepTitle>
        <p className="bk-order-line">
          <strong>{fill(texts["booking.payment.order"], { id: payment.orderId })}</strong>
        </p>
        <p>{fill(texts["shares.sent_body"], { time: payment.holdExpiresAt ? formatDateTime(payment.holdExpiresAt, timeZoneOf(countryCode)) : "" })}</p>
        <a className="btn btn-secondary" href={`${prefix}/my-account/payments/${payment.orderId}`}>
          {texts["shares.sent_button"]}
        </a>
      </div>
    );
  }

  let action;
  switch (payment.paymentCode) {
    case PAYMENT_CODE.webpay:
      action = <WebpayAction payment={payment} texts={texts} />;
      break;
    case PAYMENT_CODE.mercadopago:
      action = <MercadoPagoAction payment={payment} texts={texts} />;
      break;
    case PAYMENT_CODE.transferencia:
      action = <TransferDetails payment={payment} texts={texts} />;
      break;
    case PAYMENT_CODE.prepagado:
      action = <p data-testid="booking-prepaid">{texts["booking.prepaid.body"]}</p>;
      break;
    default:
      action = <p className="bk-field-error">{texts["booking.error"]}</p>;
  }

  return (
    <div className="bk-step-body bk-payment" data-method={payment.paymentCode}>
      <StepTitle headingRef={headingRef}>{title}</StepTitle>
      <OrderLine payment={payment} countryCode={countryCode} texts={texts} />
      {action}
    </div>
  );
}
