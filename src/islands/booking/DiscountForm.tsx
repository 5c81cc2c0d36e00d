/**
 * The discount-code entry: GET /shop-api/discounts/{code}/event/{eventId};
 * a refusal shows the server's message, any other failure "Ocurrió un error", success "Cupón agregado con éxito".
 * The applied coupon shows its percentage (variation x 100) and can be removed.
 */
import { useId, useState } from "react";
import { ApiFailure, api } from "../../client/api";
import { discountCodeSchema, type DiscountAnswer, type DiscountCodeForm } from "../../shared/schemas/purchase";
import { applyDiscount, removeDiscount } from "../../stores/booking";
import { showToast } from "../../stores/toasts";
import { discountPercent } from "../../stores/booking-tickets";
import { formatPercent } from "../../shared/format/money";
import type { Locale } from "../../shared/locales";
import { fill, messageOf } from "../ui/texts";
import { useSchemaForm } from "../ui/use-schema-form";
import type { BookingTexts } from "./texts";

interface Props {
  eventId: number;
  discount: DiscountAnswer | null;
  locale: Locale;
  texts: BookingTexts;
}

export function DiscountForm({ eventId, discount, locale, texts }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState, reset } = useSchemaForm<typeof discountCodeSchema, DiscountCodeForm, DiscountCodeForm>(discountCodeSchema, { coupon: "" }, { mode: "onSubmit" });

  async function apply({ coupon }: DiscountCodeForm) {
    setBusy(true);
    try {
      const answer = await api("GET /shop-api/discounts/:code/event/:eventId", { params: { code: coupon, eventId } });
      applyDiscount({ ...answer, variation: Number(answer.variation) });
      reset({ coupon: "" });
      showToast("success", texts["booking.discount_added"]);
    } catch (error) {
      const serverMessage = error instanceof ApiFailure && error.status >= 400 ? error.message : "";
      showToast("error", serverMessage || texts["booking.discount_failed"]);
    } finally {
      setBusy(false);
    }
  }

  if (discount) {
    return (
      <div className="bk-discount is-applied" data-testid="booking-discount">
        <p>
          {discount.variation > 0
            ? fill(texts["booking.discount.applied"], { code: discount.code, percent: formatPercent(discountPercent(discount.variation), locale) })
            : fill(texts["booking.discount.applied_prices"], { code: discount.code })}
        </p>
        <button type="button" className="btn btn-ghost btn-small" onClick={removeDiscount}>
          {texts["booking.discount.remove"]}
        </button>
      </div>
    );
  }

  const error = messageOf(texts, formState.errors.coupon?.message);
  return (
    <form className="bk-discount" onSubmit={handleSubmit(apply)} noValidate data-testid="booking-discount">
      <div className="bk-field">
        <label htmlFor={id}>{texts["booking.discount.label"]}</label>
        <div className="bk-inline">
          <input
            id={id}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register("coupon")}
          />
          <button type="submit" className="btn btn-secondary btn-small" disabled={busy} aria-busy={busy || undefined}>
            {texts["booking.discount.apply"]}
          </button>
        </div>
        {error ? (
          <span id={`${id}-error`} className="bk-field-error">
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}
