/** Step 3's order summary: event, date, province, then each ticket with its pick-up lines, passengers and price. */
import { displayPhone } from "../../shared/format/phone-number";
import { formatDateTime, timeZoneOf } from "../../shared/format/dates";
import { formatPercent, formatPrice } from "../../shared/format/money";
import type { Locale } from "../../shared/locales";
import type { DiscountAnswer } from "../../shared/schemas/purchase";
import type { CalendarEntry, County } from "../../shared/types/catalogue";
import { discountPercent, type ClientTicket, type OrderTotals } from "../../stores/booking-tickets";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";
import type { WizardEvent } from "./wizard-event";

interface Props {
  event: WizardEvent;
  date: CalendarEntry | undefined;
  provinceName: string;
  counties: County[];
  tickets: ClientTicket[];
  totals: OrderTotals;
  discount: DiscountAnswer | null;
  locale: Locale;
  texts: BookingTexts;
}

export function OrderSummary({ event, date, provinceName, counties, tickets, totals, discount, locale, texts }: Props) {
  const price = (amount: number) => formatPrice(amount, event.currency, locale);
  const countyName = (id: unknown) => counties.find((county) => county.id === Number(id))?.name ?? "";
  return (
    <div className="bk-summary" data-testid="booking-order-summary">
      <dl className="bk-summary-facts">
        <div>
          <dt>{texts["booking.confirm.event"]}</dt>
          <dd>{event.name}</dd>
        </div>
        <div>
          <dt>{texts["booking.confirm.date"]}</dt>
          <dd>{date ? formatDateTime(date.startDate, timeZoneOf(event.countryCode)) : ""}</dd>
        </div>
        <div>
          <dt>{texts["booking.confirm.province"]}</dt>
          <dd>{provinceName}</dd>
        </div>
      </dl>
      <ol className="bk-summary-tickets">
        {tickets.map((ticket, index) => (
          <li key={ticket.key} className="bk-summary-ticket">
            <div className="bk-summary-head">
              <h4>{fill(texts["booking.ticket.title"], { n: index + 1, name: `${ticket.name} · ${ticket.subcategoryName}` })}</h4>
              <p className="bk-summary-price">
                {ticket.discountPrice !== null ? (
                  <>
                    <s aria-label={`${texts["booking.confirm.price"]}: ${price(ticket.price)}`}>{price(ticket.price)}</s>{" "}
                    <strong aria-label={`${texts["booking.confirm.discount_price"]}: ${price(ticket.discountPrice)}`}>{price(ticket.discountPrice)}</strong>
                  </>
                ) : (
                  <strong>{price(ticket.price)}</strong>
                )}
              </p>
            </div>
            <div className="bk-summary-cols">
              <div>
                <h5>{texts["booking.confirm.addresses"]}</h5>
                <ul>
                  {ticket.addresses.map((line, at) => (
                    <li key={at}>
                      {line.address}
                      {countyName(line.commune_id) ? `, ${countyName(line.commune_id)}` : ""}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h5>{texts["booking.confirm.passengers"]}</h5>
                <ul>
                  {ticket.passengers.map((passenger, at) => (
                    <li key={at}>
                      <strong>{passenger.name}</strong> · {passenger.email} · {displayPhone(passenger.phone, event.countryCode)}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {discount && totals.discounted ? (
        <p className="bk-summary-discount">
          {discount.variation > 0
            ? fill(texts["booking.confirm.discount"], { code: discount.code, percent: formatPercent(discountPercent(discount.variation), locale) })
            : fill(texts["booking.confirm.discount_amount"], { code: discount.code, amount: price(totals.original - totals.total) })}
        </p>
      ) : null}
    </div>
  );
}
