/** /about-us: the contact/quote form, posted to /api/quote?country-code. */
import { DatedRequestForm } from "./DatedRequestForm";
import type { LeadFormTexts } from "./texts";

export default function QuoteForm({ texts }: { texts: LeadFormTexts }) {
  return <DatedRequestForm texts={texts} endpoint="/api/quote" nameLabel="leadform.name" testId="quote-form" />;
}
