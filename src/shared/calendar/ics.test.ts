import { describe, expect, it } from "vitest";
import { escapeText, foldLine, tripCalendar } from "./ics";

describe("trip calendar files", () => {
  const text = tripCalendar({
    uid: "order-12-outbound@rodamos.co",
    start: new Date("2030-03-01T19:20:00Z"),
    minutes: 30,
    summary: "Rodamos: ida a Estéreo Picnic",
    description: "La van te recoge en Calle 10 # 5-20, Chapinero; lleva tu QR",
    location: "Calle 10 # 5-20, Chapinero",
    stamp: new Date("2030-02-01T10:00:00Z"),
  });

  it("is one VEVENT with UTC times, CRLF lines and escaped text", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text).toContain("\r\nDTSTART:20300301T192000Z\r\n");
    expect(text).toContain("\r\nDTEND:20300301T195000Z\r\n");
    expect(text).toContain("LOCATION:Calle 10 # 5-20\\, Chapinero");
    expect(text).toContain("\\; lleva tu QR");
    expect(text.split("\r\n").filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("folds lines longer than 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"ñ".repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(escapeText("a\nb")).toBe("a\\nb");
  });
});
