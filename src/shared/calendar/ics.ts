/**
 * A trip leg as an iCalendar file (RFC 5545): a VEVENT per pick-up with its time, the meeting point and the event,
 * so a passenger's phone reminds them. Times are written on the event's own clock (`DTSTART;TZID=America/Bogota:`)
 * with the zone described in a VTIMEZONE (its offsets and the changes between them around the trip), so a
 * calendar shows the time the country reads whatever zone the phone is in. `STATUS:CONFIRMED` once dispatch
 * published the times, `TENTATIVE` while they are estimates. A later file about the same pick-up keeps its UID and
 * carries a higher SEQUENCE (the published plan's version), so a calendar that added the first one moves it (iTIP, RFC
 * 5546); a cancelled trip is sent as METHOD:CANCEL with STATUS:CANCELLED. Mailed files name the shop as
 * ORGANIZER, which iTIP asks of both methods. Pure text, used by the purchase detail (a data: URL) and the mails
 * (an attachment). Lines are CRLF, text escaped (\\, ;, , and newlines) and folded at 75 octets.
 */
export interface TripStop {
  /** Stable per order, leg and pick-up, e.g. "order-12-outbound-1@rodamos.co". */
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string;
  /** The revision of this pick-up: 0 for an estimate, else the published plan's version (it only grows). */
  sequence?: number;
}

export interface TripLeg {
  /** The event's IANA time zone ("America/Bogota"). */
  timeZone: string;
  /** Dispatch published these times (CONFIRMED); otherwise they are estimates (TENTATIVE). */
  confirmed: boolean;
  stops: TripStop[];
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  /** CANCEL: the trip is off (STATUS:CANCELLED, no alarm); PUBLISH (the default): the times as they stand. */
  method?: "PUBLISH" | "CANCEL";
  /** Who sends the file (mailed files): the shop's address, as iTIP asks of PUBLISH and CANCEL. */
  organizer?: { name: string; email: string };
}

/** The MIME type of a file of that method, for a mail's attachment. */
export function calendarContentType(method: TripLeg["method"] = "PUBLISH"): string {
  return `text/calendar; charset=utf-8; method=${method}`;
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

/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat costs about a hundred times what formatting
 * with it does, and a zone block asks for hundreds of offsets.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormats.set(zone, format);
  }
  return format;
}

/** Minutes east of UTC that `zone` is at `at` ("GMT-05:00" → -300). */
export function offsetMinutes(zone: string, at: Date): number {
  const name = offsetFormat(zone).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The wall-clock time of `at` on a clock `offset` minutes east of UTC, as iCalendar's local form (no Z). */
function local(at: Date, offset: number): string {
  return utc(new Date(at.getTime() + offset * 60_000)).replace(/Z$/, "");
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

const DAY_MS = 86_400_000;

/** The moments within [from, to] when `zone` changes its offset, to the minute. */
function transitions(zone: string, from: Date, to: Date): { at: Date; before: number; after: number }[] {
  const found: { at: Date; before: number; after: number }[] = [];
  let previous = offsetMinutes(zone, from);
  for (let time = from.getTime() + DAY_MS; time <= to.getTime() + DAY_MS; time += DAY_MS) {
    const offset = offsetMinutes(zone, new Date(time));
    if (offset === previous) continue;
    // The change is within the last day: narrowed to the minute.
    let low = time - DAY_MS;
    let high = time;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(zone, new Date(middle)) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: new Date(high), before: previous, after: offset });
    previous = offset;
  }
  return found;
}

/**
 * The VTIMEZONE of `zone` for the trip's times: the offset in force half a year before the first of them, then each
 * change until half a year after the last (a daylight-saving zone's spring and autumn; none for Bogotá or Lima).
 * The larger of two offsets is the DAYLIGHT one.
 */
export function timeZoneBlock(zone: string, times: Date[]): string[] {
  const first = Math.min(...times.map((time) => time.getTime()));
  const last = Math.max(...times.map((time) => time.getTime()));
  // The same for every order of a run (its stops' times): made once, then copied.
  const key = `${zone}|${first}|${last}`;
  const made = zoneBlocks.get(key);
  if (made) return [...made];
  const lines = zoneBlockLines(zone, first, last);
  if (zoneBlocks.size >= ZONE_BLOCKS_KEPT) zoneBlocks.delete(zoneBlocks.keys().next().value!);
  zoneBlocks.set(key, lines);
  return [...lines];
}

/** The zone blocks made lately, by zone and first and last time, the oldest dropped first. */
const zoneBlocks = new Map<string, readonly string[]>();
const ZONE_BLOCKS_KEPT = 512;

function zoneBlockLines(zone: string, first: number, last: number): string[] {
  const from = new Date(first - 183 * DAY_MS);
  const changes = transitions(zone, from, new Date(last + 183 * DAY_MS));
  const start = offsetMinutes(zone, from);
  const offsets = new Set([start, ...changes.map((change) => change.after)]);
  const highest = Math.max(...offsets);
  const kind = (offset: number) => (offsets.size > 1 && offset === highest ? "DAYLIGHT" : "STANDARD");
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  const part = (dtStart: string, before: number, after: number) => [
    `BEGIN:${kind(after)}`,
    `DTSTART:${dtStart}`,
    `TZOFFSETFROM:${offsetText(before)}`,
    `TZOFFSETTO:${offsetText(after)}`,
    `END:${kind(after)}`,
  ];
  lines.push(...part(local(from, start), start, start));
  for (const change of changes) lines.push(...part(local(change.at, change.before), change.before, change.after));
  lines.push("END:VTIMEZONE");
  return lines;
}

export function tripCalendar(leg: TripLeg): string {
  const zone = leg.timeZone;
  const at = (time: Date) => `;TZID=${zone}:${local(time, offsetMinutes(zone, time))}`;
  const method = leg.method ?? "PUBLISH";
  const cancelled = method === "CANCEL";
  const status = cancelled ? "CANCELLED" : leg.confirmed ? "CONFIRMED" : "TENTATIVE";
  const organizer = leg.organizer ? [`ORGANIZER;CN=${quoted(leg.organizer.name)}:mailto:${leg.organizer.email}`] : [];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Rodamos//Trips//ES",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...timeZoneBlock(zone, leg.stops.map((stop) => stop.start)),
    ...leg.stops.flatMap((stop) => {
      const end = new Date(stop.start.getTime() + stop.minutes * 60_000);
      return [
        "BEGIN:VEVENT",
        `UID:${stop.uid}`,
        `DTSTAMP:${utc(leg.stamp)}`,
        `DTSTART${at(stop.start)}`,
        `DTEND${at(end)}`,
        `SEQUENCE:${Math.max(0, Math.trunc(stop.sequence ?? 0))}`,
        `STATUS:${status}`,
        ...organizer,
        `SUMMARY:${escapeText(stop.summary)}`,
        `DESCRIPTION:${escapeText(stop.description)}`,
        `LOCATION:${escapeText(stop.location)}`,
        // A cancelled pick-up rings no more.
        ...(cancelled ? [] : ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(stop.summary)}`, "TRIGGER:-PT30M", "END:VALARM"]),
        "END:VEVENT",
      ];
    }),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** A parameter value (CN) in double quotes, which may hold no quote itself. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, "'")}"`;
}

/** The same file as a data: URL a link can download. */
export function calendarDataUrl(text: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
}
