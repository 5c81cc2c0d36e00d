/**
 * A purchase opened from the account's payments tab: a return link, the order's
 * date, state and total, the ticket QR code once paid, and the tickets as collapsible panels (the first open)
 * with passengers, addresses, price and discount price.
 */
import * as Accordion from "@radix-ui/react-accordion";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { api } from "../../../client/api";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { clockDiffers, clockName } from "../../../shared/format/event-clock";
import { readerTimeZone } from "../../ui/reader-clock";
import { formatPrice } from "../../../shared/format/money";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, isCountryCode, isLocale, sitePrefix } from "../../../shared/locales";
import type { OrderDetailAnswer as OrderDetail } from "../../../shared/schemas/purchase";
import { CancelBooking } from "./CancelBooking";
import { TicketPanel } from "./TicketPanel";
import { PassengerTickets } from "./PassengerTickets";
import { FullScreenQr, TripTimes } from "./TripExtras";
import { fill } from "../../ui/texts";
import { LEG } from "../../../shared/domain/legs";
import type { PurchaseTexts } from "./texts";
import { SharesPanel } from "./SharesPanel";
import "./purchase-detail.css";
import { ORDER_STATE, SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";
import { downloadInvoice } from "./download-invoice";

interface Props {
  orderId: number;
  locale: string;
  texts: PurchaseTexts;
  countryCode: string;
  listHref: string;
  /** The state chip of the purchase list (its colours and words). */
  renderState(state: string): ReactNode;
  onBack(): void;
}

const TRANSFER_FIELDS = ["bankName", "accountType", "accountId", "iban", "bic", "holder", "dni", "email"] as const;

/** Where to send the transfer an order waits for: the event's country's account, as its mail said. */
function TransferAccount({ transfer, orderId, total, holdUntil, texts }: { transfer: NonNullable<OrderDetail["transfer"]>; orderId: number; total: string; holdUntil: string | null; texts: PurchaseTexts }) {
  return (
    <section className="purchase-transfer" aria-labelledby="purchase-transfer-title" data-testid="purchase-transfer">
      <h3 id="purchase-transfer-title">{texts["purchase.transfer.title"]}</h3>
      <p>{fill(texts["purchase.transfer.intro"], { total, id: orderId })}</p>
      <dl className="purchase-facts">
        {TRANSFER_FIELDS.filter((field) => transfer[field]).map((field) => (
          <div key={field}>
            <dt>{texts[`purchase.transfer.${field}`]}</dt>
            <dd>{transfer[field]}</dd>
          </div>
        ))}
      </dl>
      {holdUntil ? <p>{fill(texts["purchase.transfer.hold"], { until: holdUntil })}</p> : null}
    </section>
  );
}

export function PurchaseDetail({ orderId, locale, texts, countryCode, listHref, renderState, onBack }: Props) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [invoiceFailed, setInvoiceFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(false);
    api("GET /shop-api/order-detail/:id", { params: { id: orderId } })
      .then((answer) => live && setDetail(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [orderId, version]);

  const back = (
    <a
      className="purchase-back"
      href={listHref}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onBack();
      }}
    >
      ← {texts["purchase.back"]}
    </a>
  );

  if (failed) {
    return (
      <div className="purchase-detail" data-testid="purchase-detail">
        {back}
        <p className="empty-text">{texts["purchase.load_error"]}</p>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className="purchase-detail" data-testid="purchase-detail">
        {back}
        <div className="spinner" role="status" aria-label={texts["purchase.loading"]} />
      </div>
    );
  }

  const { order, event, tickets } = detail;
  // Every time of the order is the event's clock (its country's), whoever reads it and from wherever.
  const eventCountry = event.countryCode ?? countryCode;
  const zone = event.timeZone ?? timeZoneOf(eventCountry);
  const readerZone = readerTimeZone();
  const price = (amount: number) => formatPrice(amount, order.currency, isLocale(locale) ? locale : "es_CO");
  const eventName = event.translations[locale]?.name ?? event.name;
  const methodKey = `payments.method.${order.paymentCode}` as keyof typeof texts;

  return (
    <div className="purchase-detail" data-testid="purchase-detail">
      {back}
      <header className="purchase-head">
        <h2>{fill(texts["purchase.title"], { id: order.id })}</h2>
        <p className="purchase-event-name">{eventName}</p>
      </header>
      {clockDiffers(zone, readerZone, order.eventDate ?? undefined) ? (
        <p className="purchase-clock" data-testid="purchase-clock">
          {fill(texts["purchase.clock_note"], { clock: clockName(zone, texts) })}
        </p>
      ) : null}
      {detail.transfer ? <TransferAccount transfer={detail.transfer} orderId={order.id} total={price(order.total)} holdUntil={order.holdExpiresAt ? formatDateTime(order.holdExpiresAt, zone) : null} texts={texts} /> : null}
      <div className="purchase-summary">
        <dl className="purchase-facts">
          <div>
            <dt>{texts["purchase.date"]}</dt>
            <dd>
              <time dateTime={order.date}>{formatDateTime(order.date, zone)}</time>
            </dd>
          </div>
          <div>
            <dt>{texts["purchase.state"]}</dt>
            <dd>{renderState(order.paymentState)}</dd>
          </div>
          {order.money.refunded > 0 ? (
            // After a refund the order's total is its net: the same three figures as the refund mail and the exports.
            <>
              <div>
                <dt>{texts["money.paid"]}</dt>
                <dd>{price(order.money.paid)}</dd>
              </div>
              <div>
                <dt>{texts["money.refunded"]}</dt>
                <dd>{price(order.money.refunded)}</dd>
              </div>
              <div>
                <dt>{texts["money.net"]}</dt>
                <dd data-testid="purchase-net">
                  <strong>{price(order.money.net)}</strong>
                </dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{texts["purchase.total"]}</dt>
              <dd>
                {order.discount > 0 ? <s className="purchase-subtotal">{price(order.subtotal)}</s> : null} <strong>{price(order.money.total)}</strong>
              </dd>
            </div>
          )}
          {order.eventDate ? (
            <div>
              <dt>{texts["purchase.travel_date"]}</dt>
              <dd>{formatDateTime(order.eventDate, zone)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{texts["purchase.payment_method"]}</dt>
            <dd>{texts[methodKey] ?? order.paymentCode}</dd>
          </div>
          {order.paymentState === ORDER_STATE.paid ? (
            <div>
              <dd>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  data-testid="purchase-invoice"
                  onClick={() => {
                    setInvoiceFailed(false);
                    downloadInvoice(order.id, locale).catch(() => setInvoiceFailed(true));
                  }}
                >
                  {texts["invoice.download"]}
                </button>
                {invoiceFailed ? (
                  <span className="purchase-invoice-error" role="alert">
                    {" "}
                    {texts["invoice.download_failed"]}
                  </span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        <section className="purchase-qr" aria-labelledby="purchase-qr-title">
          <h3 id="purchase-qr-title">{texts["purchase.qr.title"]}</h3>
          {detail.qrImage ? (
            <>
              <img src={detail.qrImage} alt={fill(texts["purchase.qr.alt"], { id: order.id })} width={200} height={200} data-qr={detail.qr ?? ""} />
              <p>{texts["purchase.qr.hint"]}</p>
              <FullScreenQr image={detail.qrImage} alt={fill(texts["purchase.qr.alt"], { id: order.id })} texts={texts} />
            </>
          ) : (
            <p className="purchase-qr-pending">{texts["purchase.qr.pending"]}</p>
          )}
        </section>
      </div>
      <PassengerTickets tickets={detail.passengerTickets} texts={texts} />
      {detail.tracking?.length ? (
        <section aria-labelledby="purchase-tracking-title">
          <h3 id="purchase-tracking-title">{texts["purchase.tracking.title"]}</h3>
          <ul>
            {detail.tracking.map((link) => (
              <li key={link.passengerId}>
                <a href={`${sitePrefix(isCountryCode(eventCountry) ? eventCountry : DEFAULT_COUNTRY, isLocale(locale) ? locale : DEFAULT_LOCALE)}/track?token=${link.token}`}>{fill(texts["purchase.tracking.open"], { name: link.name })}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SharesPanel orderId={order.id} paymentCode={order.paymentCode} zone={zone} texts={texts} />
      {detail.itinerary ? <TripTimes orderId={order.id} eventName={eventName} itinerary={detail.itinerary} zone={zone} texts={texts} /> : null}
      {detail.noShows.length > 0 ? (
        <ul className="purchase-no-shows" data-testid="purchase-no-shows">
          {detail.noShows.map((one) => (
            <li key={`${one.passengerId}-${one.leg}`} role="status">
              {fill(texts["order.no_show"], { name: one.name, leg: texts[one.leg === LEG.outbound ? "order.no_show.outbound" : "order.no_show.return"], time: formatDateTime(one.at, zone) })}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="purchase-tickets-title">
        <h3 id="purchase-tickets-title">{texts["purchase.tickets"]}</h3>
        <Accordion.Root type="multiple" defaultValue={tickets[0] ? [String(tickets[0].id)] : []} className="purchase-tickets">
          {tickets.map((ticket, index) => (
            <TicketPanel key={ticket.id} ticket={ticket} index={index} currency={order.currency} locale={locale} texts={texts} />
          ))}
        </Accordion.Root>
      </section>
      {(SEAT_HOLDING_STATES as readonly string[]).includes(order.paymentState) ? (
        <CancelBooking key={version} orderId={order.id} locale={locale} zone={zone} texts={texts} onCancelled={() => setVersion(version + 1)} />
      ) : null}
    </div>
  );
}
