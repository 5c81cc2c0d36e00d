/** /wedding: the marriage request form, posted to /api/marriage?country-code. */
import { DatedRequestForm } from "./DatedRequestForm";
import type { LeadFormTexts } from "./texts";

export default function MarriageForm({ texts }: { texts: LeadFormTexts }) {
  return <DatedRequestForm texts={texts} endpoint="/api/marriage" nameLabel="leadform.couple" testId="marriage-form" />;
}
