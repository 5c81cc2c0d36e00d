/**
 * The reader's clock in an island: the browser's time zone, and a writer of times on the event's clock that names
 * that clock when the reader's reads another hour (src/shared/format/event-clock.ts).
 */
import { useCallback, useSyncExternalStore } from "react";
import { eventClockTime, type ClockShape, type ClockTexts } from "../../shared/format/event-clock";

/** The browser's IANA time zone; undefined where there is none to ask (a server render). */
export function readerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const unchanging = () => () => undefined;

/** The browser's zone; undefined while rendering on the server, so a hydrated page and its server HTML agree. */
export function useReaderZone(): string | undefined {
  return useSyncExternalStore(unchanging, readerTimeZone, () => undefined);
}

/** `clock(iso, eventZone, shape?)`: the time on the event's clock, with "(hora de Madrid)" for a reader elsewhere. */
export function useEventClock(texts: ClockTexts): (iso: string, eventZone: string, shape?: ClockShape) => string {
  const reader = useReaderZone();
  return useCallback((iso: string, eventZone: string, shape?: ClockShape) => eventClockTime(iso, eventZone, reader, texts, shape), [reader, texts]);
}
