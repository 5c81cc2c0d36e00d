/** Step 0: the categories with their ticket counters, and the discount code for a logged-in person. */
import { useEffect, type Ref } from "react";
import { formatDateTime, timeZoneOf } from "../../shared/format/dates";
import { $waitingPlaces, loadWaitingPlaces } from "../../stores/waiting-list";
import { fill } from "../ui/texts";
import type { Locale } from "../../shared/locales";
import type { BookingDraft, BookingOffer } from "../../stores/booking";
import { CategoryAccordion } from "./CategoryAccordion";
import type { BookingTexts } from "./texts";
import { useLaterSteps } from "./use-later-steps";
import type { WizardEvent } from "./wizard-event";
import { StepTitle } from "./StepTitle";

interface Props {
  event: WizardEvent;
  offer: BookingOffer;
  draft: BookingDraft;
  locale: Locale;
  loggedIn: boolean;
  texts: BookingTexts;
  headingRef: Ref<HTMLHeadingElement>;
}

export function StepCategories({ event, offer, draft, locale, loggedIn, texts, headingRef }: Props) {
  const canSelect = loggedIn && draft.eventDateId !== null && draft.provinceId !== null;
  // The discount entry comes with the later steps' code (the wizard loads it as soon as someone is logged in).
  const later = useLaterSteps(loggedIn);
  const DiscountForm = later?.DiscountForm;
  // A sold-out subcategory offers its waiting list: the person's places are read once they are signed in.
  useEffect(() => {
    if (loggedIn && $waitingPlaces.get() === null) loadWaitingPlaces().catch(() => $waitingPlaces.set([]));
  }, [loggedIn]);
  const soldOutHere = offer.categories.some((category) =>
    category.subCategories.some((sub) => sub.stock <= 0 && (draft.provinceId === null || sub.provinceId === draft.provinceId)),
  );
  const held = draft.waitingOffer && draft.waitingOffer.eventDateId === draft.eventDateId ? draft.waitingOffer : null;
  return (
    <div className="bk-step-body">
      <StepTitle headingRef={headingRef}>{texts["booking.categories.title"]}</StepTitle>
      {loggedIn && !canSelect ? <p className="bk-hint">{texts["booking.choose_first"]}</p> : null}
      {held ? (
        <p className="bk-offer-held" data-testid="waiting-offer">
          {fill(texts["waiting.offered"], { n: held.seats, until: formatDateTime(held.until, timeZoneOf(event.countryCode)) })}
        </p>
      ) : null}
      {!loggedIn && soldOutHere ? (
        <div className="bk-waiting" data-testid="waiting-list">
          <p>{texts["waiting.pitch"]}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void import("../auth/open-auth").then((module) => module.openAuth("login"))}>
            {texts["waiting.sign_in"]}
          </button>
        </div>
      ) : null}
      <CategoryAccordion
        key={draft.provinceId ?? "none"}
        categories={offer.categories}
        provinceId={draft.provinceId}
        quantity={draft.quantity}
        discount={draft.discount}
        currency={event.currency}
        locale={locale}
        loggedIn={loggedIn}
        canSelect={canSelect}
        eventDateId={draft.eventDateId}
        texts={texts}
      />
      {loggedIn && DiscountForm ? <DiscountForm eventId={event.id} discount={draft.discount} locale={locale} texts={texts} /> : null}
    </div>
  );
}
