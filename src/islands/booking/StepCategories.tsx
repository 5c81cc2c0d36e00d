/** Step 0: the categories with their ticket counters, and the discount code for a logged-in person. */
import type { Ref } from "react";
import type { Locale } from "../../shared/locales";
import type { BookingDraft, BookingOffer } from "../../stores/booking";
import { CategoryAccordion } from "./CategoryAccordion";
import type { BookingTexts } from "./texts";
import { useLaterSteps } from "./use-later-steps";
import type { WizardEvent } from "./wizard-event";

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
  return (
    <div className="bk-step-body">
      <h3 className="bk-step-title" tabIndex={-1} ref={headingRef}>
        {texts["booking.categories.title"]}
      </h3>
      {loggedIn && !canSelect ? <p className="bk-hint">{texts["booking.choose_first"]}</p> : null}
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
        texts={texts}
      />
      {loggedIn && DiscountForm ? <DiscountForm eventId={event.id} discount={draft.discount} texts={texts} /> : null}
    </div>
  );
}
