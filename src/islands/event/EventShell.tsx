/**
 * Client-side event page for events without a prerendered page: private (link-only) events, gone
 * events and events newer than the last build. Shows the same EventView as the static pages, or only
 * the event's message (with a login button when logged out), or "El evento ya no está disponible".
 */
import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { EventView } from "../../views/events/EventView";
import { eventViewData } from "../../views/events/view-data";
import type { CountryCode, Locale } from "../../shared/locales";
import { $loggedIn } from "../../stores/session";
import { eventHome, loadEvent, slugFromPath, type EventLoad } from "./load-event";
import type { ShellLabels } from "./shell-keys";
import "./event-shell.css";

const ShellBookingWizard = lazy(() => import("../booking/ShellBookingWizard"));

interface Props {
  country: CountryCode;
  locale: Locale;
  prefix: string;
  labels: ShellLabels;
}

export function EventShell({ country, locale, prefix, labels }: Props) {
  const loggedIn = useStore($loggedIn);
  const [state, setState] = useState<EventLoad | { kind: "loading" }>({ kind: "loading" });

  useEffect(() => {
    let cancelled = false;
    const slug = slugFromPath(window.location.pathname, prefix);
    if (!slug) {
      window.location.replace(`${prefix}/error404`);
      return;
    }
    void loadEvent(slug, loggedIn).then((result) => {
      if (cancelled) return;
      if (result.kind === "missing") window.location.replace(`${prefix}/error404`);
      else if (result.kind === "event" && eventHome(result.event, { country, locale })) window.location.replace(eventHome(result.event, { country, locale })!);
      else setState(result);
    });
    return () => {
      cancelled = true;
    };
    // A login (from the message view) reloads the event with the customer's token.
  }, [loggedIn, prefix, country, locale]);

  useEffect(() => {
    if (state.kind === "event") {
      const name = eventViewData(state.event, locale).name;
      document.title = document.title.replace(/^[^|]*/, `${name} `);
    }
  }, [state, locale]);

  if (state.kind === "loading" || state.kind === "missing") {
    return (
      <div className="container shell-status" role="status">
        <div className="spinner" aria-hidden="true" />
        <p className="sr-only">{labels["common.loading"]}</p>
      </div>
    );
  }

  if (state.kind === "gone") {
    return (
      <div className="container shell-message" data-testid="event-gone">
        <h1>{labels["event.gone"]}</h1>
        <a className="btn btn-primary" href={prefix || "/"}>
          {labels["common.back_to_main"]}
        </a>
      </div>
    );
  }

  if (state.kind === "message") {
    const openLogin = () => void import("../auth/open-auth").then((module) => module.openAuth("login"));
    return (
      <div className="container shell-message" data-testid="event-message">
        <h1>{state.message}</h1>
        {!loggedIn && (
          <>
            <p>{labels["event.login_prompt"]}</p>
            <button type="button" className="btn btn-primary" onClick={openLogin}>
              {labels["account.login"]}
            </button>
          </>
        )}
      </div>
    );
  }

  const { event } = state;
  return (
    <EventView view={eventViewData(event, locale)} labels={labels}>
      <div className="container shell-booking">
        <h2 className="section-title">{labels["event.booking.title"]}</h2>
        {/* Booking wizard mount point, the same as on the prerendered event pages. */}
        <div
          id="booking-wizard"
          data-event-id={event.id}
          data-event-slug={event.slug}
          data-payment-type={event.paymentType}
          data-country={event.countryCode}
          data-locale={locale}
        >
          <Suspense fallback={<div className="spinner" role="status" aria-label={labels["common.loading"]} />}>
            <ShellBookingWizard event={event} locale={locale} prefix={prefix} />
          </Suspense>
        </div>
      </div>
    </EventView>
  );
}
