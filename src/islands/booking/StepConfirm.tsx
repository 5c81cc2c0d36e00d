/**
 * Step 3: the order summary and the payment method: methods come from
 * /api/payment-methods?country-code= with the first one selected; an organiser-funded event (organiser-funded payment type)
 * is booked with `prepagado` and no choice. Submitting sends the purchase.
 */
import { PAYMENT_TYPE } from "../../shared/domain/event-kinds";
import { useEffect, useState, type Ref } from "react";
import { api } from "../../client/api";
import type { Locale } from "../../shared/locales";
import { paymentStepSchema, type PaymentCodeValue } from "../../shared/schemas/purchase";
import type { CalendarEntry, County } from "../../shared/types/catalogue";
import type { BookingDraft } from "../../stores/booking";
import { chooseBuyerPaysNone, chooseShares, selectPaymentMethod } from "../../stores/booking";
import type { ClientTicket, OrderTotals } from "../../stores/booking-tickets";
import { OrderSummary } from "./OrderSummary";
import { useSchemaForm } from "../ui/use-schema-form";
import type { BookingTexts } from "./texts";
import type { WizardEvent } from "./wizard-event";
import { StepTitle } from "./StepTitle";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";

interface Props {
  formId: string;
  event: WizardEvent;
  draft: BookingDraft;
  date: CalendarEntry | undefined;
  provinceName: string;
  counties: County[];
  tickets: ClientTicket[];
  totals: OrderTotals;
  locale: Locale;
  texts: BookingTexts;
  headingRef: Ref<HTMLHeadingElement>;
  onValidity(valid: boolean): void;
  onPay(): void;
}

interface PaymentForm {
  paymentCode: PaymentCodeValue | "";
}

const PREPAID: PaymentCodeValue[] = [PAYMENT_CODE.prepagado];

export function StepConfirm({ formId, event, draft, date, provinceName, counties, tickets, totals, locale, texts, headingRef, onValidity, onPay }: Props) {
  const prepaid = event.paymentType === PAYMENT_TYPE.organiser;
  const [methods, setMethods] = useState<PaymentCodeValue[] | null>(prepaid ? PREPAID : null);
  const form = useSchemaForm<typeof paymentStepSchema, PaymentForm, PaymentForm>(paymentStepSchema, { paymentCode: prepaid ? PAYMENT_CODE.prepagado : "" }, { mode: "onChange", raw: true });
  const { isValid } = form.formState;
  useEffect(() => onValidity(isValid), [isValid, onValidity]);

  useEffect(() => {
    if (prepaid) return;
    let live = true;
    api("GET /api/payment-methods", { query: { "country-code": event.countryCode } })
      .then((rows) => live && setMethods(rows.map((row) => row.code)))
      .catch(() => live && setMethods([]));
    return () => {
      live = false;
    };
  }, [prepaid, event.countryCode]);

  // The first listed method is selected by default (a method chosen earlier stays when still offered).
  useEffect(() => {
    if (!methods?.length) return;
    const chosen = draft.paymentCode && methods.includes(draft.paymentCode) ? draft.paymentCode : methods[0]!;
    form.setValue("paymentCode", chosen, { shouldValidate: true });
    selectPaymentMethod(chosen);
    // Only when the list arrives: later choices go through the radio buttons.
  }, [methods]);

  return (
    <form
      id={formId}
      className="bk-step-body"
      noValidate
      onSubmit={form.handleSubmit(({ paymentCode }) => {
        if (!paymentCode) return;
        selectPaymentMethod(paymentCode);
        onPay();
      })}
    >
      <StepTitle headingRef={headingRef}>{texts["booking.confirm.title"]}</StepTitle>
      <OrderSummary
        event={event}
        date={date}
        provinceName={provinceName}
        counties={counties}
        tickets={tickets}
        totals={totals}
        discount={draft.discount}
        locale={locale}
        texts={texts}
      />
      <fieldset className="bk-methods">
        <legend>{texts["booking.payment.title"]}</legend>
        {prepaid ? <p className="bk-hint">{texts["booking.payment.prepaid"]}</p> : null}
        {methods === null ? <div className="spinner" role="status" aria-label={texts["common.loading"]} /> : null}
        {(methods ?? []).map((code) => (
          <label key={code} className="bk-method">
            <input
              type="radio"
              value={code}
              {...form.register("paymentCode", { onChange: (change) => selectPaymentMethod(change.target.value as PaymentCodeValue) })}
            />
            <span>{texts[`payments.method.${code}`]}</span>
          </label>
        ))}
        {form.formState.errors.paymentCode ? <span className="bk-field-error">{texts["booking.payment_code_required"]}</span> : null}
      </fieldset>
      {/* Friends pay their own seats: events each traveller pays, several tickets, no discount code. */}
      {!prepaid && tickets.length > 1 && !draft.discount ? (
        <div className="bk-shares">
          <label className="bk-method">
            <input type="checkbox" checked={Boolean(draft.shares)} onChange={(change) => chooseShares(change.target.checked)} data-testid="booking-shares" />
            <span>{texts["shares.option"]}</span>
          </label>
          <p className="bk-hint">{texts["shares.hint"]}</p>
          {draft.shares ? (
            <div role="radiogroup" aria-label={texts["shares.option"]} className="bk-shares-who">
              <label className="bk-method">
                <input type="radio" name="buyer-pays" checked={!draft.buyerPaysNone} onChange={() => chooseBuyerPaysNone(false)} data-testid="booking-shares-own" />
                <span>{texts["shares.buyer_own"]}</span>
              </label>
              <label className="bk-method">
                <input type="radio" name="buyer-pays" checked={Boolean(draft.buyerPaysNone)} onChange={() => chooseBuyerPaysNone(true)} data-testid="booking-shares-none" />
                <span>{texts["shares.buyer_none"]}</span>
              </label>
            </div>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
