/** The line a staff screen of one event opens with when the reader's clock reads another hour than the event's. */
import { clockDiffers, clockName, type ClockTexts } from "../../shared/format/event-clock";
import { useReaderZone } from "../ui/reader-clock";
import { fill } from "../ui/texts";

/** "Horas en hora de Madrid, la del evento." for a reader elsewhere; nothing for one on the event's clock. */
export function ClockNote({ zone, at, texts }: { zone: string; at?: string; texts: ClockTexts }) {
  const reader = useReaderZone();
  if (!clockDiffers(zone, reader, at)) return null;
  return (
    <p className="staff-muted clock-note" data-testid="clock-note">
      {fill(texts["clock.note"], { clock: clockName(zone, texts) })}
    </p>
  );
}
