/**
 * The booking wizard on the event page: steps 0
 * categories, 1 addresses, 2 passengers, 3 confirm and pay, 4 payment action, 5 redirect to the account's
 * payments. The draft lives in the booking store (sessionStorage); this component only wires the steps.
 */
import { PAYMENT_TYPE, PERIODICITY_TYPE } from "../../shared/domain/event-kinds";
import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Locale } from "../../shared/locales";
import { $bookingDraft, $offer, $purchaseQueue, $tickets, $totals, STEPS, finishBooking, goToStep, removeDiscount, selectDate, selectProvince, startBooking, submitPurchase } from "../../stores/booking";
import { formatPrice } from "../../shared/format/money";
import { fill } from "../ui/texts";
import { $country } from "../../stores/locale";
import { $loggedIn } from "../../stores/session";
import { upcomingCalendars } from "../../stores/booking-dates";
import { LoginNotice } from "./LoginNotice";
import { callingCodeOf } from "../../shared/format/phone";
import { StepCategories } from "./StepCategories";
import { Stepper } from "./Stepper";
import { SummaryBar } from "./SummaryBar";
import type { BookingTexts } from "./texts";
import { TripPickers } from "./TripPickers";
import { useLaterSteps } from "./use-later-steps";
import { useOffer } from "./use-offer";
import { useWaitingOffer } from "./use-waiting-offer";
import { FieldLookContext } from "../ui/fields";
import { useWarning } from "./use-warning";
import type { WizardEvent } from "./wizard-event";
import "./booking.css";

interface Props {
  event: WizardEvent;
  texts: BookingTexts;
  locale: Locale;
  /** The site prefix ("" or "/cl/es-cl"). */
  prefix: string;
}

const FORM_ID = "booking-step-form";

export default function BookingWizard({ event, texts, locale, prefix }: Props) {
  const [mounted, setMounted] = useState(false);
  const draft = useStore($bookingDraft);
  const offer = useStore($offer);
  const tickets = useStore($tickets);
  const totals = useStore($totals);
  const loggedIn = useStore($loggedIn);
  const country = useStore($country);
  const calendars = useMemo(() => upcomingCalendars(event.calendars), [event.calendars]);
  const [valid, setValid] = useState(false);
  const [busy, setBusy] = useState(false);
  const queue = useStore($purchaseQueue);
  const { warning, warn } = useWarning();
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLElement>(null);
  const step = draft.stepIndex;

  // The first render matches the prerendered HTML (no session, no draft); the draft is read after hydration.
  useEffect(() => {
    startBooking(event.id);
    setMounted(true);
  }, [event.id]);

  // Seats a waiting-list offer holds for this person show as on sale for them (use-waiting-offer.ts opens it).
  const held = draft.waitingOffer && draft.waitingOffer.eventDateId === draft.eventDateId ? draft.waitingOffer : null;
  const ready = useOffer(event.slug, mounted && draft.eventId === event.id ? draft.eventDateId : null, locale, prefix, held);
  useWaitingOffer(event.id, mounted, loggedIn, texts);
  // Steps 1 to 4 are a separate chunk, fetched once someone can reach them: a logged-in person (from
  // hydration on, alongside the offer) or a draft already past step 0. Until it is there the step shows a spinner.
  const later = useLaterSteps(mounted && (loggedIn || step > STEPS.categories));
  const stepShown = step < STEPS.addresses || step > STEPS.payment || later !== null;

  // A fixed date and a single province need no choice.
  useEffect(() => {
    if (!ready || !offer || step !== STEPS.categories) return;
    if (event.periodicityType === PERIODICITY_TYPE.fixed && calendars[0] && draft.eventDateId === null) selectDate(calendars[0].id);
    if (offer.provinces.length === 1 && draft.provinceId === null) selectProvince(offer.provinces[0]!.id);
  }, [ready, offer, step, event.periodicityType, calendars, draft.eventDateId, draft.provinceId]);

  // Step 5: the purchase is over, the person goes to their payments.
  // (Only after mounting: a draft left at step 5 by an earlier purchase is reset by startBooking first.)
  useEffect(() => {
    if (mounted && step === STEPS.done) window.location.assign(`${prefix}/my-account/payments`);
  }, [mounted, step, prefix]);

  // A new step scrolls the wizard into view and moves focus to its title (not on first show). The step is first
  // painted already in place: scrolled before paint and at once, never smoothly, since a page still gliding moves
  // the summary bar's button away between the press and the release of a click, and the browser then counts no
  // click at all (the person's "Pagar" did nothing, without a word).
  const shownStep = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!mounted || !stepShown || shownStep.current === step) return;
    const first = shownStep.current === null;
    shownStep.current = step;
    if (first) return;
    root.current?.scrollIntoView({ block: "start", behavior: "instant" });
    heading.current?.focus({ preventScroll: true });
  }, [mounted, step, stepShown]);

  const onValidity = useCallback((next: boolean) => setValid(next), []);
  const next = useCallback(() => goToStep($bookingDraft.get().stepIndex + 1), []);

  if (!mounted || !ready || !offer || draft.eventId !== event.id) {
    return (
      <section className="bk-wizard is-loading" aria-label={texts["booking.wizard.label"]} aria-busy="true">
        <div className="spinner" role="status" aria-label={texts["common.loading"]} />
      </section>
    );
  }

  const province = offer.provinces.find((candidate) => candidate.id === draft.provinceId);
  const counties = province?.counties ?? [];
  const date = calendars.find((entry) => entry.id === draft.eventDateId) ?? event.calendars.find((entry) => entry.id === draft.eventDateId);
  const stepZeroValid = draft.buttonStepTicket && draft.eventDateId !== null && draft.provinceId !== null && tickets.length > 0;
  const currentValid = step === STEPS.categories ? stepZeroValid : valid;

  // A shared purchase the buyer pays none of charges nothing now: the button sends the links.
  const linksOnly = Boolean(draft.shares && draft.buyerPaysNone && tickets.length > 1 && !draft.discount);
  const confirmLabel = event.paymentType === PAYMENT_TYPE.organiser ? texts["booking.reserve"] : linksOnly ? texts["shares.send_links"] : texts["booking.pay"];
  const label = step === STEPS.confirm ? confirmLabel : step === STEPS.payment ? texts["booking.finish"] : texts["booking.continue"];

  function onContinue() {
    if (step === STEPS.payment) {
      finishBooking();
      return;
    }
    if (!currentValid) {
      warn(step === STEPS.categories ? texts["booking.tickets_min"] : texts["booking.warning.form"]);
      return;
    }
    if (step === STEPS.categories) next();
    // Steps 1 to 3 advance from their form's submit (the button submits it).
  }

  async function pay() {
    setBusy(true);
    await submitPurchase(window.location.href);
    setBusy(false);
  }

  // Steps 1 to 4 come with the later steps' chunk: a spinner until it is there.
  const laterStep = (render: (steps: NonNullable<typeof later>) => ReactNode) =>
    later ? (
      render(later)
    ) : (
      <div className="bk-step-body" aria-busy="true">
        <div className="spinner" role="status" aria-label={texts["common.loading"]} />
      </div>
    );
  // What every step with a form takes: the continue button submits it by its id, and it reports its validity.
  const formStep = { formId: FORM_ID, tickets, texts, headingRef: heading, onValidity };
  let body;
  switch (step) {
    case STEPS.categories:
      body = <StepCategories event={event} offer={offer} draft={draft} locale={locale} loggedIn={loggedIn} texts={texts} headingRef={heading} />;
      break;
    case STEPS.addresses:
      body = laterStep((steps) => <steps.StepAddresses {...formStep} counties={counties} communeCode={draft.communeCode} onDone={next} />);
      break;
    case STEPS.passengers:
      body = laterStep((steps) => <steps.StepPassengers {...formStep} phoneCode={callingCodeOf(country)} locale={locale} onDone={next} />);
      break;
    case STEPS.confirm:
      body = laterStep((steps) => (
        <steps.StepConfirm
          {...formStep}
          event={event}
          draft={draft}
          date={date}
          provinceName={province?.name ?? ""}
          counties={counties}
          totals={totals}
          locale={locale}
          onPay={() => void pay()}
        />
      ));
      break;
    case STEPS.payment:
      body = laterStep((steps) => (
        <steps.StepPayment payment={draft.payment} rejected={draft.rejected} rejection={draft.rejection} eventSlug={event.slug} countryCode={event.countryCode} prefix={prefix} texts={texts} headingRef={heading} />
      ));
      break;
    case STEPS.done:
      body = (
        <p className="bk-step-body" role="status">
          {texts["booking.redirecting"]}
        </p>
      );
      break;
    default:
      body = <p className="bk-step-body bk-field-error">{texts["booking.unknown_step"]}</p>;
  }

  const showBar = step <= STEPS.payment && !(step === STEPS.payment && (draft.rejected || !draft.payment));
  return (
    <FieldLookContext value="booking">
    <section ref={root} className="bk-wizard" aria-label={texts["booking.wizard.label"]} data-step={step}>
      <Stepper stepIndex={step} texts={texts} onGo={goToStep} />
      {step <= STEPS.confirm ? (
        <TripPickers
          event={event}
          calendars={calendars}
          provinces={offer.provinces}
          eventDateId={draft.eventDateId}
          travelDay={draft.travelDay}
          provinceId={draft.provinceId}
          locked={step > STEPS.categories}
          texts={texts}
        />
      ) : null}
      {step === STEPS.confirm && draft.discountLost ? (
        <div className="bk-discount-lost" role="alert" data-testid="discount-lost">
          <p>{fill(texts["booking.discount.lost"], { code: draft.discount?.code ?? "", reason: draft.discountLost })}</p>
          <p>{fill(texts["booking.discount.full_price"], { total: formatPrice(totals.original, event.currency, locale) })}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => {
              removeDiscount();
              void pay();
            }}
          >
            {texts["booking.discount.pay_full"]}
          </button>
        </div>
      ) : null}
      {body}
      {queue ? (
        <p className="bk-queue" role="status" data-testid="purchase-queue">
          {queue.reason === "database"
            ? fill(texts["booking.queue.database"], { seconds: queue.retryAfter })
            : fill(texts["booking.queue.waiting"], { position: queue.position, seconds: queue.retryAfter })}
        </p>
      ) : null}
      {showBar && !loggedIn ? <LoginNotice texts={texts} /> : null}
      {showBar && loggedIn ? (
        <SummaryBar
          totals={totals}
          currency={event.currency}
          locale={locale}
          label={label}
          valid={step === STEPS.payment || currentValid}
          busy={busy}
          warning={warning}
          formId={step >= STEPS.addresses && step <= STEPS.confirm ? FORM_ID : undefined}
          texts={texts}
          onBack={step >= STEPS.addresses && step <= STEPS.confirm ? () => goToStep(step - 1) : undefined}
          onContinue={onContinue}
        />
      ) : null}
    </section>
    </FieldLookContext>
  );
}
