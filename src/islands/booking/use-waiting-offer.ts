/**
 * The offer mail's link (`?waitingOffer={id}`) opens the wizard on the seats held for this person: once they are
 * signed in, the offer is read from their places and becomes the draft (its date, province and seats). The
 * parameter is then dropped from the address, so a reload keeps the progress made since.
 */
import { useEffect } from "react";
import { OFFER_PARAM, WAITING_STATE } from "../../shared/domain/waiting-list";
import { startWaitingOffer } from "../../stores/booking";
import { showToast } from "../../stores/toasts";
import { loadWaitingPlaces } from "../../stores/waiting-list";
import type { BookingTexts } from "./texts";

export function useWaitingOffer(eventId: number, ready: boolean, loggedIn: boolean, texts: BookingTexts) {
  const gone = texts["waiting.offer_gone"];
  useEffect(() => {
    if (!ready || !loggedIn) return;
    const url = new URL(window.location.href);
    const id = Number(url.searchParams.get(OFFER_PARAM));
    if (!id) return;
    url.searchParams.delete(OFFER_PARAM);
    window.history.replaceState(window.history.state, "", url);
    loadWaitingPlaces()
      .then((places) => {
        const place = places.find((one) => one.id === id);
        if (!place || place.state !== WAITING_STATE.offered || place.eventId !== eventId || !place.offerExpiresAt) {
          showToast("error", gone);
          return;
        }
        startWaitingOffer(eventId, {
          id: place.id,
          eventDateId: place.eventDateId,
          productVariantId: place.productVariantId,
          provinceId: place.provinceId,
          seats: place.seats,
          until: place.offerExpiresAt,
        });
      })
      .catch(() => showToast("error", gone));
  }, [eventId, ready, loggedIn, gone]);
}
