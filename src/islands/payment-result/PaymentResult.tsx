/**
 * The payment result page (/order-detail/{id} and /order-rejected):
 * Loading, then Success when the order is paid, Cancelled when cancelled, Error for any other state or a
 * failed call. /order-rejected (a purchase that failed) shows the Error view at once, saying why and what to
 * do next when the wizard passed the refusal (rejection.ts).
 */
import { useEffect, useState } from "react";
import { api } from "../../client/api";
import { orderIdFrom, viewOf, type PaymentView } from "./order-id";
import { readRejection, REJECTION_TEXT, type RejectionReason } from "./rejection";
import type { PaymentResultTexts } from "./texts";
import "./payment-result.css";

interface Links {
  home: string;
  purchases: string;
  contact: string;
  /** The site's event path prefix ("/co/en-us/event/"): a cancelled payment offers its event to try again. */
  event?: string;
}

interface Props {
  texts: PaymentResultTexts;
  /** "status" asks the API for the order's payment state; "rejected" is the failed-purchase page. */
  mode: "status" | "rejected";
  links: Links;
}

export default function PaymentResult({ texts, mode, links }: Props) {
  const [view, setView] = useState<PaymentView>(mode === "rejected" ? "error" : "loading");
  const [orderId, setOrderId] = useState<string>();
  const [eventHref, setEventHref] = useState<string>();
  const [reason, setReason] = useState<RejectionReason>();

  useEffect(() => {
    if (mode === "rejected") {
      const rejection = readRejection(window.location.search);
      setReason(rejection.reason);
      if (links.event && rejection.eventSlug) setEventHref(`${links.event}${encodeURIComponent(rejection.eventSlug)}`);
      return;
    }
    const id = orderIdFrom(window.location);
    setOrderId(id);
    if (!id) {
      setView("error");
      return;
    }
    let live = true;
    api("GET /shop-api/order-status/:id", { params: { id }, query: window.location.search })
      .then((answer) => {
        const next = viewOf(answer?.order?.paymentState);
        if (!live) return;
        setView(next);
        // The cancelled copy says "try again from the event page": find which event that is.
        if (next === "cancelled" && links.event) {
          const base = links.event;
          api("GET /shop-api/order-detail/:id", { params: { id } })
            .then((detail) => live && detail?.event?.slug && setEventHref(`${base}${encodeURIComponent(detail.event.slug)}`))
            .catch(() => undefined);
        }
      })
      .catch(() => live && setView("error"));
    return () => {
      live = false;
    };
  }, [mode, links.event]);

  if (view === "loading") {
    return (
      <section className="payment-result" aria-busy="true" data-view="loading">
        <h1>{texts["pages.payment.title"]}</h1>
        <div className="spinner" aria-hidden="true" />
        <p role="status">{texts["pages.payment.loading"]}</p>
      </section>
    );
  }

  const copy = {
    success: { icon: "✓", title: texts["pages.payment.success_title"], subtitle: undefined, body: texts["pages.payment.success_text"] },
    cancelled: {
      icon: "!",
      title: texts["pages.payment.cancelled_title"],
      subtitle: texts["pages.payment.cancelled_subtitle"],
      body: texts["pages.payment.cancelled_text"],
    },
    error: {
      icon: "×",
      title: texts["pages.payment.error_title"],
      subtitle: texts["pages.payment.error_subtitle"],
      body: reason ? texts[REJECTION_TEXT[reason]] : texts["pages.payment.error_text"],
    },
  }[view];

  return (
    <section className={`payment-result is-${view}`} data-view={view}>
      <span className="payment-icon" aria-hidden="true">
        {copy.icon}
      </span>
      <h1>{copy.title}</h1>
      {copy.subtitle ? <h2>{copy.subtitle}</h2> : null}
      {orderId ? <p className="payment-order">{texts["pages.payment.order"].replace("{id}", orderId)}</p> : null}
      <p>{copy.body}</p>
      <p className="payment-note">{texts["pages.payment.note"]}</p>
      <div className="payment-actions">
        {view === "error" && reason && eventHref ? (
          <a className="btn btn-primary" href={eventHref}>
            {texts["pages.payment.choose_again"]}
          </a>
        ) : null}
        {view === "error" ? (
          <a className="btn btn-ghost" href={links.contact}>
            {texts["pages.payment.contact"]}
          </a>
        ) : null}
        {view === "cancelled" && eventHref ? (
          <a className="btn btn-primary" href={eventHref}>
            {texts["pages.payment.back_to_event"]}
          </a>
        ) : null}
        <a className="btn btn-secondary" href={links.purchases}>
          {texts["pages.payment.my_purchases"]}
        </a>
        <a className="btn btn-primary" href={links.home}>
          {texts["common.back_to_main"]}
        </a>
      </div>
    </section>
  );
}
