/**
 * One trip leg as an iCalendar file (RFC 5545): a VEVENT with the pick-up time, the meeting point and the
 * event, so a passenger's phone reminds them. Pure text, used by the purchase detail (a data: URL) and the
 * order mails (an attachment). Lines are CRLF, text escaped (\\, ;, , and newlines) and folded at 75 octets.
 */
export interface TripLeg {
  /** Stable per order and leg, e.g. "order-12-outbound@rodamos.co". */
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

function utc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets (UTF-8), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function tripCalendar(leg: TripLeg): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Rodamos//Trips//ES",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${leg.uid}`,
    `DTSTAMP:${utc(leg.stamp)}`,
    `DTSTART:${utc(leg.start)}`,
    `DTEND:${utc(new Date(leg.start.getTime() + leg.minutes * 60_000))}`,
    `SUMMARY:${escapeText(leg.summary)}`,
    `DESCRIPTION:${escapeText(leg.description)}`,
    `LOCATION:${escapeText(leg.location)}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${escapeText(leg.summary)}`,
    "TRIGGER:-PT30M",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The same file as a data: URL a link can download. */
export function calendarDataUrl(text: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
}
