/**
 * The wizard inside the client-side event shell (events without a prerendered page). The shell loads this
 * module lazily once it shows an event, so pages without the wizard never fetch its code or its texts.
 */
import type { Locale } from "../../shared/locales";
import type { EventDetail } from "../../shared/types/catalog";
import BookingWizard from "./BookingWizard";
import { bookingTexts } from "./texts";
import { wizardEvent } from "./wizard-event";

interface Props {
  event: EventDetail;
  locale: Locale;
  prefix: string;
}

export default function ShellBookingWizard({ event, locale, prefix }: Props) {
  return <BookingWizard event={wizardEvent(event, locale)} texts={bookingTexts(locale)} locale={locale} prefix={prefix} />;
}
