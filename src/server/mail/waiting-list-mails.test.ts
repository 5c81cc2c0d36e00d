/**
 * The waiting list's offer names the event's clock for a reader elsewhere: a Madrid event's offer read by
 * a customer whose account is Colombian says "21:00 (hora de Madrid)", never Bogotá's 14:00; one read in Madrid names
 * no clock.
 */
import { describe, expect, it } from "vitest";
import { waitingOfferExpiredMail, waitingOfferMail, type WaitingOfferMail } from "./waiting-list-mails";

const offer: WaitingOfferMail = {
  to: "ana@example.com",
  firstName: "Ana",
  locale: "es_CO",
  eventName: "Derbi madrileño",
  subcategoryName: "Sur",
  // 21:00 in Madrid (CET, UTC+1), 15:00 in Bogotá.
  eventDate: "2026-12-20T20:00:00.000Z",
  until: "2026-12-12T17:30:00.000Z",
  timeZone: "Europe/Madrid",
  readerTimeZone: "America/Bogota",
  seats: 1,
  link: "https://rodamos.test/es/es-es/event/derbi",
};

describe("the waiting list's offer on the event's clock", () => {
  it("names Madrid's clock for a reader in Colombia, on the event's date and the offer's end", () => {
    const mail = waitingOfferMail(offer);
    expect(mail.text).toContain("20-12-2026 21:00 (hora de Madrid)");
    expect(mail.text).toContain("12-12-2026 18:30 (hora de Madrid)");
    expect(mail.text).not.toContain("15:00");
    expect(waitingOfferExpiredMail(offer).text).toContain("20-12-2026 21:00 (hora de Madrid)");
  });

  it("names no clock for a reader in Madrid, nor for one the shop knows no account of", () => {
    for (const readerTimeZone of ["Europe/Madrid", null]) {
      const mail = waitingOfferMail({ ...offer, readerTimeZone });
      expect(mail.text).toContain("20-12-2026 21:00");
      expect(mail.text).not.toContain("hora de");
    }
  });
});
