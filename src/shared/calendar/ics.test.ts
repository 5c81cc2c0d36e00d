import { describe, expect, it } from "vitest";
import { escapeText, foldLine, offsetMinutes, timeZoneBlock, tripCalendar } from "./ics";
import { tripCalendars, type Itinerary } from "./trip-legs";

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
