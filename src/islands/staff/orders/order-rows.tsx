/**
 * Pieces the staff's order tables share: the state chip in the account's state colours, money and dates as shown
 * elsewhere, a name over its detail, and the buyer, event and amount columns of an order.
 */
import type { ReactNode } from "react";
import { isOrderState, stateLabel, stateLook } from "../../../shared/domain/order-states";
import { eventClockTime, type ClockTexts } from "../../../shared/format/event-clock";
import { formatPrice } from "../../../shared/format/money";
import { isLocale, type Locale } from "../../../shared/locales";
import type { StaffOrder } from "../../../shared/schemas/answers/staff-day";
import type { TableColumn } from "../StaffTable";
import type { StaffTexts } from "../texts";
import { readerTimeZone } from "../../ui/reader-clock";

/** The account's state colours (both awaiting states yellow, paid green, cancelled red, others dark green), with the exact state named for staff. */
export function StateChip({ state, texts }: { state: string; texts: StaffTexts }) {
  return <span className={`state-chip state-${stateLook(state).tone}`}>{isOrderState(state) ? texts[stateLabel(state)] : state}</span>;
}

export function money(amount: number, currency: string, locale: Locale | string): string {
  return formatPrice(amount, currency, isLocale(locale) ? locale : "es_CO");
}

/**
 * A time on the event's clock (`timeZone`, its country's), named ("hora de Madrid") when the staff member's browser
 * reads another hour; the staff area renders in the browser only, so its zone is known at once.
 */
export function when(iso: string | null, timeZone: string, texts: ClockTexts): string {
  return iso ? eventClockTime(iso, timeZone, readerTimeZone(), texts) : "";
}

/** A name with its detail below it in muted type (a buyer and their email, an event and its date). */
export function Stacked({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    <span className="staff-stack">
      {name}
      <span className="staff-muted">{detail}</span>
    </span>
  );
}

/** The columns every list of orders shows alike: who bought, for which event and date, and how much. */
export function orderColumns(texts: StaffTexts, locale: Locale): Record<"buyer" | "event" | "amount", TableColumn<StaffOrder>> {
  return {
    buyer: { key: "buyer", header: texts["orders.col.buyer"], cell: (order) => <Stacked name={order.buyer.name} detail={order.buyer.email} /> },
    event: { key: "event", header: texts["orders.col.event"], cell: (order) => <Stacked name={order.event.name} detail={when(order.event.date, order.event.timeZone, texts)} /> },
    amount: { key: "amount", header: texts["orders.col.amount"], numeric: true, cell: (order) => money(order.total, order.currency, locale) },
  };
}
