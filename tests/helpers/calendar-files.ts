/** Calendar files read back with a real iCalendar parser (ical.js), as a calendar application would. */
import ICAL from "ical.js";

export interface ParsedEntry {
  uid: string;
  sequence: number;
  status: string;
  start: Date;
  /** The TZID the start is written in. */
  zone: string | null;
  location: string;
  summary: string;
  organizer: string | null;
  alarms: number;
}

export interface ParsedCalendar {
  method: string;
  entries: ParsedEntry[];
}

/** Parses a .ics text (throws on a malformed one); each start is resolved through the file's own VTIMEZONE. */
export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = new Map(calendar.getAllSubcomponents("vtimezone").map((component) => {
    const zone = new ICAL.Timezone(component);
    return [zone.tzid, zone] as const;
  }));
  const entries = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    const property = component.getFirstProperty("dtstart")!;
    const zoneId = (property.getParameter("tzid") as string | undefined) ?? null;
    const time = event.startDate;
    if (zoneId && zones.has(zoneId)) time.zone = zones.get(zoneId)!;
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(component.getFirstPropertyValue("status") ?? ""),
      start: time.toJSDate(),
      zone: zoneId,
      location: event.location ?? "",
      summary: event.summary ?? "",
      organizer: (component.getFirstPropertyValue("organizer") as string | null) ?? null,
      alarms: component.getAllSubcomponents("valarm").length,
    };
  });
  return { method: String(calendar.getFirstPropertyValue("method") ?? ""), entries };
}
