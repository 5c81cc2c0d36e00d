/**
 * The trip around a purchase: pick-up times (estimated, or as dispatch published them) and the return's departure with a calendar file for each
 * leg, and the ticket QR code full screen for the van door, with a brightness hint.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { calendarDataUrl } from "../../../shared/calendar/ics";
import { tripCalendars, type Itinerary } from "../../../shared/calendar/trip-legs";
import { formatDateTime } from "../../../shared/format/dates";
import { fill } from "../../ui/texts";
import type { PurchaseTexts } from "./texts";

export function TripTimes({ orderId, eventName, itinerary, zone, texts }: { orderId: number; eventName: string; itinerary: Itinerary; zone: string; texts: PurchaseTexts }) {
  const files = tripCalendars(orderId, eventName, itinerary, (key, params) => fill(texts[key], params), new Date(), zone);
  return (
    <section className="purchase-trip" aria-labelledby="purchase-trip-title">
      <h3 id="purchase-trip-title">{texts["purchase.pickups.title"]}</h3>
      <ul>
        {itinerary.pickups.map((pickup) => (
          <li key={`${pickup.address}-${pickup.pickupAt}`}>
            {/* The address alone: the ticket panels below name its commune. */}
            {fill(texts["purchase.pickups.at"], { address: pickup.address, time: formatDateTime(pickup.pickupAt, zone) })}
          </li>
        ))}
        <li>{fill(texts["purchase.pickups.return"], { venue: itinerary.venue, time: formatDateTime(itinerary.returnAt, zone) })}</li>
      </ul>
      <p className="purchase-trip-note">{texts[itinerary.published ? "purchase.pickups.published" : "purchase.pickups.estimate"]}</p>
      <p className="purchase-trip-files">
        {files.outbound ? (
          <a className="btn btn-secondary btn-small" href={calendarDataUrl(files.outbound)} download={`rodamos-${orderId}-ida.ics`}>
            {texts["purchase.calendar.outbound"]}
          </a>
        ) : null}
        {files.return ? (
          <a className="btn btn-secondary btn-small" href={calendarDataUrl(files.return)} download={`rodamos-${orderId}-regreso.ics`}>
            {texts["purchase.calendar.return"]}
          </a>
        ) : null}
      </p>
    </section>
  );
}

/**
 * A button that shows the QR code over the whole screen (Fullscreen API where the browser allows it), as a modal
 * dialog: the page behind is out of reach, Escape or "close" ends it and the focus goes back to the button.
 */
export function FullScreenQr({ image, alt, texts, label }: { image: string; alt: string; texts: PurchaseTexts; label?: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // Leaving full screen (Escape, the phone's back gesture) closes the code too.
    const onExit = () => !document.fullscreenElement && setOpen(false);
    document.addEventListener("fullscreenchange", onExit);
    return () => {
      document.removeEventListener("fullscreenchange", onExit);
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    };
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-secondary btn-small purchase-qr-full">{label ?? texts["purchase.qr.fullscreen"]}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content
          ref={box}
          className="qr-fullscreen"
          // iPhone Safari has no Fullscreen API: the fixed white box is enough there.
          onOpenAutoFocus={() => box.current?.requestFullscreen?.().catch(() => undefined)}
        >
          <Dialog.Title className="sr-only">{alt}</Dialog.Title>
          <img src={image} alt={alt} />
          <Dialog.Description>{texts["purchase.qr.brightness"]}</Dialog.Description>
          <Dialog.Close className="btn btn-primary">{texts["purchase.qr.close"]}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
