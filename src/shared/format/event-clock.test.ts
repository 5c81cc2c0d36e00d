import { describe, expect, it } from "vitest";
import { catalogues } from "../i18n";
import { clockDiffers, clockLabel, clockName, countryOfZone, eventClockTime } from "./event-clock";

const es = catalogues.es_CO;
const en = catalogues.en_US;
// 2026-12-25 20:00 UTC is 21:00 in Madrid (UTC+1 in winter), 15:00 in Bogotá, 17:00 in Santiago (UTC−3 in summer).
const derby = "2026-12-25T20:00:00.000Z";

describe("the event's clock", () => {
  it("writes a Madrid event's time in Madrid and names Madrid's clock for a reader in Bogotá", () => {
    expect(eventClockTime(derby, "Europe/Madrid", "America/Bogota", es)).toBe("25-12-2026 21:00 (hora de Madrid)");
    expect(eventClockTime(derby, "Europe/Madrid", "America/Bogota", es, "time")).toBe("21:00 (hora de Madrid)");
    expect(eventClockTime(derby, "Europe/Madrid", "America/Bogota", en)).toBe("25-12-2026 21:00 (Madrid time)");
  });

  it("says nothing more to a reader whose clock reads the same", () => {
    expect(eventClockTime(derby, "Europe/Madrid", "Europe/Madrid", es)).toBe("25-12-2026 21:00");
    // Paris and Madrid read the same hour; Bogotá and Lima too (UTC−5 all year).
    expect(eventClockTime(derby, "Europe/Madrid", "Europe/Paris", es)).toBe("25-12-2026 21:00");
    expect(eventClockTime(derby, "America/Lima", "America/Bogota", es)).toBe("25-12-2026 15:00");
    // A reader nobody knows (the server's first render, a mail to no account) gets the event's clock unlabelled.
    expect(eventClockTime(derby, "Europe/Madrid", undefined, es)).toBe("25-12-2026 21:00");
  });

  it("never labels a date alone: the day is the event's day", () => {
    expect(eventClockTime(derby, "Europe/Madrid", "America/Bogota", es, "date")).toBe("25/12/2026");
  });

  it("compares the two clocks at the time read, not today: Chile's summer is 2 h from Bogotá, its winter 1 h", () => {
    expect(clockDiffers("America/Santiago", "America/Bogota", derby)).toBe(true);
    expect(eventClockTime(derby, "America/Santiago", "America/Bogota", es)).toBe("25-12-2026 17:00 (hora de Santiago)");
    // Mexico City kept UTC−6 all year since 2022; Bogotá is UTC−5: they always differ by an hour.
    expect(clockDiffers("America/Mexico_City", "America/Bogota", "2027-07-01T12:00:00Z")).toBe(true);
    // New York in its winter reads Bogotá's hour, in its summer another.
    expect(clockDiffers("America/Bogota", "America/New_York", "2027-01-15T12:00:00Z")).toBe(false);
    expect(clockDiffers("America/Bogota", "America/New_York", "2027-07-15T12:00:00Z")).toBe(true);
  });

  it("names every country's clock in the reader's language, and another zone by its city", () => {
    expect(clockName("America/Bogota", es)).toBe("hora de Bogotá");
    expect(clockName("America/Mexico_City", catalogues.pt_BR)).toBe("horário da Cidade do México");
    expect(clockName("America/Argentina/Buenos_Aires", es)).toBe("Buenos Aires");
    expect(countryOfZone("Europe/Madrid")).toBe("ES");
    expect(clockLabel("Europe/Madrid", "America/Bogota", es, derby)).toBe("hora de Madrid");
    expect(clockLabel("Europe/Madrid", "Europe/Madrid", es, derby)).toBe("");
  });
});
