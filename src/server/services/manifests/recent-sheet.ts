/**
 * The manifest sheet the order mails of one event date and province share. An on-sale pays thousands of orders of one
 * date within minutes, and each confirmation's calendar files need the order's estimated pick-up, which comes from
 * grouping every booked passenger of the date and province into loads: built for each mail, that is the whole date's
 * passengers read and grouped once per order. Here a sheet built lately serves every order already on it; an order
 * newer than it waits for the next one, built at most every SHEET_SPACING_MS and one at a time, so a mail's
 * estimate is never older than its order and a rush builds a few sheets a second at most, whatever its size.
 * Kept per shop context (tests run many shops in one process), and only for SHEET_MAX_AGE_MS.
 */
import type { ShopContext } from "../../context";
import type { Locale } from "../../../shared/locales";
import { manifestSheet, type ManifestSheet } from "./manifest-sheet";

const SHEET_SPACING_MS = 250;
const SHEET_MAX_AGE_MS = 30_000;

interface Entry {
  startedAt: number;
  sheet: Promise<ManifestSheet>;
}

const sheetsOf = new WeakMap<ShopContext, Map<string, Entry>>();
const ordersOn = new WeakMap<ManifestSheet, Set<number>>();

function onSheet(sheet: ManifestSheet, orderId: number): boolean {
  let ids = ordersOn.get(sheet);
  if (!ids) {
    ids = new Set(sheet.loads.flatMap((load) => load.stops.flatMap((stop) => stop.passengers.map((passenger) => passenger.orderId))));
    ordersOn.set(sheet, ids);
  }
  return ids.has(orderId);
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A manifest sheet of the date and province that lists `orderId` (a booked order), built lately or now. */
export async function manifestSheetWith(deps: ShopContext, eventDateId: number, provinceId: number, locale: Locale, orderId: number): Promise<ManifestSheet> {
  let sheets = sheetsOf.get(deps);
  if (!sheets) {
    sheets = new Map();
    sheetsOf.set(deps, sheets);
  }
  const key = `${eventDateId}|${provinceId}|${locale}`;
  for (let turn = 0; turn < 3; turn += 1) {
    const entry = sheets.get(key);
    const fresh = entry && Date.now() - entry.startedAt < SHEET_MAX_AGE_MS;
    if (entry && fresh) {
      const sheet = await entry.sheet;
      if (onSheet(sheet, orderId)) return sheet;
      // Another mail started a newer sheet while this one waited: that one may list the order.
      if (sheets.get(key) !== entry) continue;
    }
    const wait = entry && fresh ? Math.max(0, entry.startedAt + SHEET_SPACING_MS - Date.now()) : 0;
    const next: Entry = { startedAt: Date.now() + wait, sheet: pause(wait).then(() => manifestSheet(deps, eventDateId, provinceId, locale)) };
    next.sheet.catch(() => {
      if (sheets.get(key) === next) sheets.delete(key);
    });
    sheets.set(key, next);
    for (const [other, old] of sheets) if (Date.now() - old.startedAt > SHEET_MAX_AGE_MS) sheets.delete(other);
  }
  // Not listed on a sheet built after it was asked for (its order no longer holds seats): the sheet as it is now.
  return manifestSheet(deps, eventDateId, provinceId, locale);
}
