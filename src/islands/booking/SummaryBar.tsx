/**
 * The bar under the wizard: the ticket count and total (the original crossed out when a discount applies),
 * go-back on later steps, and the continue button. Continue stays focusable when the step is
 * incomplete (aria-disabled) so a click can show the 4 s warning; both live regions speak.
 */
import { formatPrice } from "../../shared/format/money";
import type { Locale } from "../../shared/locales";
import type { OrderTotals } from "../../stores/booking-tickets";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";

interface Props {
  totals: OrderTotals;
  currency: string;
  locale: Locale;
  label: string;
  valid: boolean;
  busy: boolean;
  warning: string | null;
  /** Submit button of this form (steps 1 to 3); without it the button calls onContinue. */
  formId?: string;
  texts: BookingTexts;
  onBack?: () => void;
  onContinue(): void;
}

export function SummaryBar({ totals, currency, locale, label, valid, busy, warning, formId, texts, onBack, onContinue }: Props) {
  const price = (amount: number) => formatPrice(amount, currency, locale);
  return (
    <div className="bk-bar" data-testid="booking-summary">
      <div className="bk-bar-total" aria-live="polite" aria-atomic="true">
        <span className="bk-bar-count">{fill(texts["booking.summary.tickets"], { n: totals.count })}</span>
        <span className="bk-bar-amounts">
          <span className="bk-bar-label">{texts["booking.summary.total"]}</span>
          {totals.discounted ? (
            <s className="bk-original" data-testid="booking-original-total">
              <span className="sr-only">{texts["booking.summary.original"]}: </span>
              {price(totals.original)}
            </s>
          ) : null}
          <strong className="bk-total" data-testid="booking-total">
            {price(totals.total)}
          </strong>
        </span>
      </div>
      <div className="bk-bar-actions">
        {onBack ? (
          <button type="button" className="btn btn-ghost" onClick={onBack} disabled={busy}>
            {texts["booking.back"]}
          </button>
        ) : null}
        <button
          type={formId ? "submit" : "button"}
          form={formId}
          className={valid ? "btn btn-primary bk-continue" : "btn btn-primary bk-continue is-disabled"}
          aria-disabled={!valid || busy}
          aria-busy={busy || undefined}
          onClick={(event) => {
            if (busy) {
              event.preventDefault();
              return;
            }
            onContinue();
          }}
        >
          {label}
        </button>
      </div>
      <p className="bk-warning" role="status" aria-live="assertive" data-testid="booking-warning">
        {warning}
      </p>
    </div>
  );
}
