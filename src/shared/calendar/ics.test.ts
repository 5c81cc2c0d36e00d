import { describe, expect, it } from "vitest";
import { escapeText, foldLine, offsetMinutes, timeZoneBlock, tripCalendar } from "./ics";
import { cancelledCalendars, tripCalendars, type Itinerary } from "./trip-legs";
import { parseCalendar } from "../../../tests/helpers/calendar-files";

describe("trip calendar files", () => {
  const text = tripCalendar({
    timeZone: "America/Bogota",
    confirmed: false,
    stamp: new Date("2030-02-01T10:00:00Z"),
    stops: [
      {
        uid: "order-12-outbound-1@rodamos.co",
        start: new Date("2030-03-01T19:20:00Z"),
        minutes: 30,
        summary: "Rodamos: ida a Estéreo Picnic",
        description: "La van te recoge en Calle 10 # 5-20, Chapinero; lleva tu QR",
        location: "Calle 10 # 5-20, Chapinero",
      },
    ],
  });

  it("names the event's time zone: local times with TZID and a VTIMEZONE that says Bogotá's offset", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    // 19:20 UTC is 14:20 in Bogotá (UTC-5, no daylight saving).
    expect(text).toContain("\r\nDTSTART;TZID=America/Bogota:20300301T142000\r\n");
    expect(text).toContain("\r\nDTEND;TZID=America/Bogota:20300301T145000\r\n");
    expect(text).toContain("\r\nBEGIN:VTIMEZONE\r\nTZID:America/Bogota\r\nBEGIN:STANDARD\r\n");
    expect(text).toContain("TZOFFSETTO:-0500");
    expect(text).not.toContain("DAYLIGHT");
    expect(text).not.toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(text).toContain("LOCATION:Calle 10 # 5-20\\, Chapinero");
    expect(text).toContain("\\; lleva tu QR");
    expect(text).toContain("\r\nSTATUS:TENTATIVE\r\n");
    expect(text.split("\r\n").filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("describes a zone with daylight saving by its changes around the trip (Santiago, Madrid)", () => {
    const santiago = timeZoneBlock("America/Santiago", [new Date("2030-03-01T19:20:00Z")]);
    expect(santiago).toContain("BEGIN:DAYLIGHT");
    expect(santiago).toContain("BEGIN:STANDARD");
    expect(santiago).toContain("TZOFFSETTO:-0300");
    expect(santiago).toContain("TZOFFSETTO:-0400");
    const madrid = timeZoneBlock("Europe/Madrid", [new Date("2030-07-01T18:00:00Z")]);
    // The spring change of 2030: 31 March, 02:00 local (+01:00) becomes 03:00 (+02:00).
    expect(madrid.join("\n")).toContain("BEGIN:DAYLIGHT\nDTSTART:20300331T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200\nEND:DAYLIGHT");
    expect(offsetMinutes("Europe/Madrid", new Date("2030-07-01T18:00:00Z"))).toBe(120);
  });

  it("folds lines longer than 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"ñ".repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(escapeText("a\nb")).toBe("a\\nb");
  });
});

describe("an order's calendar files", () => {
  const words = (key: string, params: Record<string, string>) => `${key} ${Object.values(params).join(" ")}`;
  const itinerary: Itinerary = {
    venue: "Estadio El Campín",
    returnAt: "2030-03-02T04:00:00Z",
    pickups: [
      { address: "Calle 10 # 5-20", communeName: "Chapinero", pickupAt: "2030-03-01T19:20:00Z" },
      { address: "Carrera 7 # 40-10", communeName: "Teusaquillo", pickupAt: "2030-03-01T19:05:00Z" },
      { address: "Calle 10 # 5-20", communeName: "Chapinero", pickupAt: "2030-03-01T19:20:00Z" },
    ],
  };
  const stamp = new Date("2030-02-01T10:00:00Z");

  it("carries each pick-up of the order once, soonest first, and the return, on the event's clock", () => {
    const files = tripCalendars(12, "Clásico", itinerary, words, stamp, "America/Bogota");
    const outbound = files.outbound!;
    expect(outbound.split("\r\n").filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(outbound.indexOf("DTSTART;TZID=America/Bogota:20300301T140500")).toBeLessThan(outbound.indexOf("DTSTART;TZID=America/Bogota:20300301T142000"));
    expect(outbound).toContain("UID:order-12-outbound-1@rodamos.co");
    expect(outbound).toContain("UID:order-12-outbound-2@rodamos.co");
    expect(outbound).toContain("LOCATION:Carrera 7 # 40-10\\, Teusaquillo");
    expect(files.return).toContain("DTSTART;TZID=America/Bogota:20300301T230000");
  });

  it("says estimated until dispatch publishes the times, and confirmed after", () => {
    const estimated = tripCalendars(12, "Clásico", itinerary, words, stamp, "America/Bogota");
    expect(estimated.outbound).toContain("STATUS:TENTATIVE");
    expect(estimated.outbound).toContain("DESCRIPTION:calendar.outbound.description ");
    const published = tripCalendars(12, "Clásico", { ...itinerary, published: true }, words, stamp, "America/Bogota");
    expect(published.outbound).toContain("STATUS:CONFIRMED");
    expect(published.outbound).toContain("DESCRIPTION:calendar.outbound.description_confirmed ");
    expect(published.return).toContain("DESCRIPTION:calendar.return.description_confirmed ");
  });
});

describe("calendar entries that follow the plan", () => {
  const words = (key: string, params: Record<string, string>) => `${key} ${Object.values(params).join(" ")}`;
  const stamp = new Date("2030-02-01T10:00:00Z");
  const estimate: Itinerary = {
    venue: "Estadio El Campín",
    returnAt: "2030-03-02T04:00:00Z",
    pickups: [
      { address: "Calle 10 # 5-20", communeName: "Chapinero", pickupAt: "2030-03-01T19:20:00Z", passengerIds: [41, 40] },
      { address: "Carrera 7 # 40-10", communeName: "Teusaquillo", pickupAt: "2030-03-01T19:05:00Z", passengerIds: [42] },
    ],
  };

  it("names each pick-up by its first passenger, whatever its time, and carries the leg's revision", () => {
    const before = parseCalendar(tripCalendars(12, "Clásico", estimate, words, stamp, "America/Bogota").outbound!);
    const moved: Itinerary = { ...estimate, published: true, sequence: { outbound: 3, return: 2 }, pickups: estimate.pickups.map((pickup) => ({ ...pickup, pickupAt: "2030-03-01T18:38:00Z" })) };
    const files = tripCalendars(12, "Clásico", moved, words, stamp, "America/Bogota", { organizer: { name: "Rodamos", email: "no-reply@rodamos.co" } });
    const after = parseCalendar(files.outbound!);
    expect(before.entries.map((entry) => entry.uid).sort()).toEqual(["order-12-outbound-p40@rodamos.co", "order-12-outbound-p42@rodamos.co"]);
    expect(after.entries.map((entry) => entry.uid).sort()).toEqual(before.entries.map((entry) => entry.uid).sort());
    expect(before.entries.every((entry) => entry.sequence === 0 && entry.status === "TENTATIVE")).toBe(true);
    expect(after.entries.every((entry) => entry.sequence === 3 && entry.status === "CONFIRMED" && entry.organizer === "mailto:no-reply@rodamos.co")).toBe(true);
    // 18:38 UTC read through the file's own Bogotá zone: the instant is kept, and the alarm rings 30 min before it.
    expect(after.entries[0]!.start.toISOString()).toBe("2030-03-01T18:38:00.000Z");
    expect(parseCalendar(files.return!).entries[0]).toMatchObject({ uid: "order-12-return@rodamos.co", sequence: 2 });
  });

  it("writes a Madrid event on Madrid's clock", () => {
    const file = parseCalendar(tripCalendars(7, "Mad Cool", { ...estimate, returnAt: "2030-07-11T22:00:00Z" }, words, stamp, "Europe/Madrid").return!);
    expect(file.entries[0]).toMatchObject({ zone: "Europe/Madrid" });
    expect(file.entries[0]!.start.toISOString()).toBe("2030-07-11T22:00:00.000Z");
  });

  it("calls a trip off with METHOD:CANCEL, the same UIDs, a higher SEQUENCE and no alarm", () => {
    const published: Itinerary = { ...estimate, published: true, sequence: { outbound: 4, return: 1 } };
    const files = cancelledCalendars(12, "Clásico", published, [40, 41], true, words, stamp, "America/Bogota", { name: "Rodamos", email: "no-reply@rodamos.co" });
    const outbound = parseCalendar(files.outbound!);
    expect(outbound.method).toBe("CANCEL");
    expect(outbound.entries.map((entry) => [entry.uid, entry.sequence, entry.status, entry.alarms])).toEqual([
      ["order-12-outbound-p40@rodamos.co", 5, "CANCELLED", 0],
      ["order-12-outbound-p41@rodamos.co", 5, "CANCELLED", 0],
    ]);
    expect(parseCalendar(files.return!).entries[0]).toMatchObject({ uid: "order-12-return@rodamos.co", sequence: 2, status: "CANCELLED" });
    // Some passengers still travel: the return stays.
    expect(cancelledCalendars(12, "Clásico", published, [42], false, words, stamp, "America/Bogota").return).toBeUndefined();
  });
});
