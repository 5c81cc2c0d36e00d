/** /about-us: the company request form (a company asking the shop for a price), posted to /api/quote?country-code. */
import { DatedRequestForm } from "./DatedRequestForm";
import type { LeadFormTexts } from "./texts";

export default function CompanyRequestForm({ texts }: { texts: LeadFormTexts }) {
  return <DatedRequestForm texts={texts} endpoint="/api/quote" nameLabel="leadform.name" testId="quote-form" />;
}
