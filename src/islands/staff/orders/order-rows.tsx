/** Pieces the staff's order tables share: the state chip in the account's state colours, money and dates as shown elsewhere. */
import { isOrderState, stateLabel, stateLook } from "../../../shared/domain/order-states";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { formatPrice } from "../../../shared/format/money";
import { isLocale, type Locale } from "../../../shared/locales";
import type { StaffTexts } from "../texts";

/** The account's state colours (both awaiting states yellow, paid green, cancelled red, others dark green), with the exact state named for staff. */
export function StateChip({ state, texts }: { state: string; texts: StaffTexts }) {
  return <span className={`state-chip state-${stateLook(state).tone}`}>{isOrderState(state) ? texts[stateLabel(state)] : state}</span>;
}

export function money(amount: number, currency: string, locale: Locale | string): string {
  return formatPrice(amount, currency, isLocale(locale) ? locale : "es_CO");
}

export function when(iso: string | null, timeZone = timeZoneOf(undefined)): string {
  return iso ? formatDateTime(iso, timeZone) : "";
}
