/**
 * The private event's picture and guest list, each sent after the create call with the private event's id. Both
 * are refused once staff have decided. The guest list replaces the previous one in one transaction: valid rows
 * are kept, duplicated emails merged (the larger seat count kept), refused rows answered with their line and
 * the reason in the person's language.
 */
import { EDITABLE_PRIVATE_EVENT_STATES, isEditablePrivateEvent } from "../../../shared/domain/private-event-states";
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { translate, isMessageKey } from "../../../shared/i18n";
import type { Locale } from "../../../shared/locales";
import { ShopError } from "../../../shared/domain/shop-error";
import { guestRowSchema } from "../../../shared/schemas/private-events";
import { stripPhoneSeparators, toE164, type PhoneRules } from "../../../shared/format/phone-number";
import type { Db } from "../../db/client";
import { privateEvents, guests } from "../../db/schema";
import type { FileStorage } from "../../storage";
import { eventPictures } from "../../uploads/image";
import { readGuestSheet, type SheetRow } from "../../uploads/spreadsheet";
import { ownPrivateEvent } from "./private-event-rows";
import { assertEditable } from "./private-events";

export async function uploadImage(db: Db, storage: FileStorage, ownerId: number, id: number, bytes: Uint8Array, now: Date) {
  assertEditable(await ownPrivateEvent(db, ownerId, id), now);
  const pictures = await eventPictures(bytes);
  // An unguessable name per upload: a repeated private event may still show the previous picture. Stored files keep
  // the `request-` prefix they have always had, so the answers' paths read as before.
  const name = `events/request-${id}-${randomBytes(8).toString("hex")}`;
  const imagePath = await storage.put(`${name}.webp`, pictures.banner);
  const cardImagePath = await storage.put(`${name}-card.webp`, pictures.card);
  const updated = await db
    .update(privateEvents)
    .set({ imagePath, cardImagePath })
    .where(and(eq(privateEvents.id, id), inArray(privateEvents.state, [...EDITABLE_PRIVATE_EVENT_STATES])))
    .returning({ id: privateEvents.id });
  if (updated.length === 0) throw new ShopError("request_not_editable");
  return { imagePath, cardImagePath, width: pictures.width, height: pictures.height };
}

export interface GuestCandidate {
  name: string;
  email: string;
  phone: string | null;
  seats: number;
}

/** One sheet row checked: the guest, or the message key of why it is refused. */
export function checkGuestRow(row: SheetRow, countryCode: string): GuestCandidate | { refused: string } {
  const parsed = guestRowSchema.safeParse({ name: row.name, email: row.email, phone: row.phone, seats: row.seats === "" ? 1 : Number(row.seats) });
  if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? "errors.invalid_value" };
  let phone: string | null = null;
  if (parsed.data.phone.trim() !== "") {
    // The shared phone rules, for the event's country: a national number is read as that country's.
    phone = toE164(stripPhoneSeparators(parsed.data.phone), { country: countryCode as PhoneRules["country"] }) ?? null;
    if (!phone) return { refused: "form.phone_invalid" };
  }
  return { name: parsed.data.name, email: parsed.data.email.toLowerCase(), phone, seats: parsed.data.seats };
}

export async function uploadGuests(db: Db, ownerId: number, id: number, bytes: Buffer, locale: Locale, now: Date) {
  const row = await ownPrivateEvent(db, ownerId, id);
  assertEditable(row, now);
  const lines = await readGuestSheet(bytes);
  const byEmail = new Map<string, GuestCandidate>();
  const refused: { line: number; email: string; reason: string }[] = [];
  let merged = 0;
  for (const line of lines) {
    const checked = checkGuestRow(line, row.countryCode);
    if ("refused" in checked) {
      refused.push({ line: line.line, email: line.email, reason: translate(locale, isMessageKey(checked.refused) ? checked.refused : "errors.invalid_value") });
      continue;
    }
    const known = byEmail.get(checked.email);
    if (known) {
      merged += 1;
      known.seats = Math.max(known.seats, checked.seats);
    } else {
      byEmail.set(checked.email, checked);
    }
  }
  const list = [...byEmail.values()];
  if (list.length === 0) throw new ShopError("guest_list_empty", { file: "errors.guest_list_empty" });
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: privateEvents.state })
      .from(privateEvents)
      .where(eq(privateEvents.id, id))
      .for("update");
    if (!locked || !isEditablePrivateEvent(locked.state)) throw new ShopError("request_not_editable");
    await tx.delete(guests).where(eq(guests.privateEventId, id));
    await tx.insert(guests).values(list.map((guest) => ({ privateEventId: id, ...guest })));
  });
  return { saved: list.length, seats: list.reduce((sum, guest) => sum + guest.seats, 0), merged, refused };
}
