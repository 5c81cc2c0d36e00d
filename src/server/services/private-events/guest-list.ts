/**
 * The organiser's hands on the guest list: add a guest (after approval, within the event's seats; invited at
 * once when the quote is settled), remove one, send an invitation again, and export the list with each guest's
 * claim, booked seats, pick-up address and published pick-up and return times as a spreadsheet or CSV (formula-safe).
 */
import { and, eq, sql, sum } from "drizzle-orm";
import { utils, write } from "@e965/xlsx";
import { isQuoteSettled } from "../../../shared/domain/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import { translate, type MessageKey } from "../../../shared/i18n";
import { DEFAULT_COUNTRY, isCountryCode, type Locale } from "../../../shared/locales";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import type { AddGuestBody } from "../../../shared/schemas/private-event-quotes";
import type { GuestStatus } from "../../../shared/schemas/answers/private-events";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { privateEvents, guests } from "../../db/schema";
import { csvLine, neutralizeCell } from "../../exports/formula-safe";
import { guestStatuses } from "./guest-status";
import { queueInvitation } from "./invitations";
import { ownPrivateEvent, type PrivateEventRow } from "./private-event-rows";
import { visibleState } from "./states";
import { checkGuestRow } from "./uploads";
import { PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";

/** Guests can be changed until the event has ended (before approval freely, after it within the seats). */
function assertListOpen(row: PrivateEventRow, now: Date) {
  const state = visibleState(row.privateEvent.state, row.privateEvent.endDate, now);
  if (state !== PRIVATE_EVENT_STATE.saved && state !== PRIVATE_EVENT_STATE.under_review && state !== PRIVATE_EVENT_STATE.approved) throw new ShopError("request_not_editable");
}

export async function addGuest(ctx: ShopContext, ownerId: number, id: number, body: AddGuestBody): Promise<GuestStatus> {
  const now = ctx.now();
  const row = await ownPrivateEvent(ctx.db, ownerId, id);
  assertListOpen(row, now);
  const checked = checkGuestRow({ line: 0, name: body.name, email: body.email, phone: body.phone, seats: String(body.seats) }, row.countryCode);
  if ("refused" in checked) {
    const field = ["phone", "name", "seats"].find((name) => checked.refused.includes(name)) ?? "email";
    throw new ShopError("validation_failed", { [field]: checked.refused });
  }
  const guestId = await ctx.db.transaction(async (tx) => {
    // The private event row is locked so two additions at once cannot both fit the last seats.
    const [locked] = await tx.select().from(privateEvents).where(eq(privateEvents.id, id)).for("update");
    if (!locked) throw new ShopError("not_found");
    const [known] = await tx.select({ id: guests.id }).from(guests).where(and(eq(guests.privateEventId, id), sql`lower(${guests.email}) = ${checked.email}`));
    if (known) throw new ShopError("guest_already_listed", { email: "errors.guest_already_listed" });
    if (locked.state === PRIVATE_EVENT_STATE.approved) {
      const [given] = await tx.select({ seats: sum(guests.seats) }).from(guests).where(eq(guests.privateEventId, id));
      const seats = locked.quotedSeats ?? 0;
      if (Number(given?.seats ?? 0) + checked.seats > seats) throw new ShopError("guest_seats_over_quote", { seats: "errors.guest_seats_over_quote" }, { seats });
    }
    const [inserted] = await tx.insert(guests).values({ privateEventId: id, ...checked }).returning({ id: guests.id });
    if (locked.state === PRIVATE_EVENT_STATE.approved && isQuoteSettled(locked.quoteState)) await queueInvitation(tx, inserted!.id);
    return inserted!.id;
  });
  ctx.outbox.wake();
  const statuses = await guestStatuses(ctx.db, row.privateEvent, now);
  return statuses.find((guest) => guest.id === guestId)!;
}

export async function removeGuest(db: Db, ownerId: number, id: number, guestId: number, now: Date) {
  const row = await ownPrivateEvent(db, ownerId, id);
  assertListOpen(row, now);
  const removed = await db.delete(guests).where(and(eq(guests.id, guestId), eq(guests.privateEventId, id))).returning({ id: guests.id });
  if (removed.length === 0) throw new ShopError("not_found");
  return { removed: true };
}

/** A fresh invitation for one guest, only once invitations go out (the quote settled). */
export async function resendInvitation(ctx: ShopContext, ownerId: number, id: number, guestId: number) {
  const row = await ownPrivateEvent(ctx.db, ownerId, id);
  if (visibleState(row.privateEvent.state, row.privateEvent.endDate, ctx.now()) !== "approved" || !isQuoteSettled(row.privateEvent.quoteState)) throw new ShopError("invitations_not_sent");
  await ctx.db.transaction(async (tx) => {
    const [guest] = await tx.select({ id: guests.id }).from(guests).where(and(eq(guests.id, guestId), eq(guests.privateEventId, id)));
    if (!guest) throw new ShopError("not_found");
    await queueInvitation(tx, guest.id);
  });
  ctx.outbox.wake();
  return { sent: true };
}

const COLUMNS = [
  "private_events.export.name",
  "private_events.export.email",
  "private_events.export.phone",
  "private_events.export.seats",
  "private_events.export.claim",
  "private_events.export.booked",
  "private_events.export.pickup",
  "private_events.export.pickup_time",
  "private_events.export.return_at",
] as const satisfies readonly MessageKey[];

/** The guest list as rows of cells (header first), in the organiser's language. */
export async function guestExportRows(db: Db, ownerId: number, id: number, locale: Locale, now: Date): Promise<(string | number)[][]> {
  const row = await ownPrivateEvent(db, ownerId, id);
  const list = await guestStatuses(db, row.privateEvent, now);
  const t = (key: MessageKey) => translate(locale, key);
  const zone = timeZoneOf(isCountryCode(row.countryCode) ? row.countryCode : DEFAULT_COUNTRY);
  // A booked guest's leg without a published plan says so rather than leaving the organiser a blank cell.
  const when = (guest: GuestStatus, time: string | null | undefined) => (!guest.pickup ? "" : time ? formatDateTime(time, zone) : t("private_events.guest_list.time_pending"));
  return [
    COLUMNS.map((key) => t(key)),
    ...list.map((guest) => [
      guest.name,
      guest.email,
      guest.phone ?? "",
      guest.seats,
      t(`private_events.guest.${guest.status}`),
      guest.booked,
      guest.pickup?.address ?? "",
      when(guest, guest.pickup?.time),
      when(guest, guest.pickup?.returnAt),
    ]),
  ];
}

export function guestsCsv(rows: (string | number)[][]): string {
  return `\uFEFF${rows.map(csvLine).join("\r\n")}\r\n`;
}

/** An .xlsx workbook whose text cells are formula-safe, written with SheetJS. */
export function guestsXlsx(rows: (string | number)[][]): Buffer {
  const safe = rows.map((cells) => cells.map((cell) => (typeof cell === "string" ? neutralizeCell(cell) : cell)));
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(safe), "Invitados");
  return write(book, { bookType: "xlsx", type: "buffer" }) as Buffer;
}
