/**
 * The wizard inside the client-side event shell (events without a prerendered page). The shell loads this
 * module lazily once it shows an event, so pages without the wizard never fetch its code or its words; the
 * words of the page's locale come as a static file (the shell's Suspense shows its spinner meanwhile).
 */
import { use } from "react";
import type { Locale } from "../../shared/locales";
import type { EventDetail } from "../../shared/types/catalogue";
import { loadTexts } from "../ui/load-texts";
import BookingWizard from "./BookingWizard";
import type { BookingTexts } from "./texts";
import { wizardEvent } from "./wizard-event";

interface Props {
  event: EventDetail;
  locale: Locale;
  prefix: string;
}

const loading = new Map<Locale, Promise<BookingTexts>>();

function textsFor(locale: Locale): Promise<BookingTexts> {
  let texts = loading.get(locale);
  if (!texts) {
    texts = loadTexts<BookingTexts>("booking", locale);
    // A failed load is not kept, so showing the event again tries again.
    texts.catch(() => loading.delete(locale));
    loading.set(locale, texts);
  }
  return texts;
}

export default function ShellBookingWizard({ event, locale, prefix }: Props) {
  const texts = use(textsFor(locale));
  return <BookingWizard event={wizardEvent(event, locale)} texts={texts} locale={locale} prefix={prefix} />;
}
