import type { Locale } from "../../shared/locales";
import type { MeAnswer } from "../auth/session-actions";
import type { StaffTexts } from "./texts";

/** What the shell hands every section: one locale's words, the site prefix and the signed-in staff member. */
export interface SectionProps {
  texts: StaffTexts;
  prefix: string;
  locale: Locale;
  me: MeAnswer;
}
