/** The rating page's words, picked by the page for its locale and passed as a prop. */
import type { MessageKey } from "../../shared/i18n";
import type { Texts } from "../ui/texts";

export const RATING_KEYS = [
  "rating.title",
  "rating.intro",
  "rating.legend",
  "rating.comment",
  "rating.send",
  "rating.thanks",
  "rating.no_link",
  "rating.loading",
  "rating.failed",
  "rating.mail.score",
  "errors.rating_link_invalid",
  "errors.rating_link_expired",
  "errors.rating_not_open",
  "errors.rating_already_given",
] as const satisfies readonly MessageKey[];
export type RatingTexts = Texts<(typeof RATING_KEYS)[number]>;
