/** The tracking page's words, picked by the page for its locale and passed as a prop. */
import { CLOCK_KEYS } from "../../shared/format/event-clock";
import type { MessageKey } from "../../shared/i18n";
import { liveDayMessages } from "../../shared/i18n/messages/live-day";
import { areaKeys } from "../ui/pick-texts";
import type { Texts } from "../ui/texts";

export const TRACKING_KEYS = [
  ...areaKeys(liveDayMessages).filter((key): key is Extract<typeof key, `tracking.${string}`> => key.startsWith("tracking.")),
  "errors.tracking_link_invalid",
  "errors.tracking_link_expired",
  ...CLOCK_KEYS,
] as const satisfies readonly MessageKey[];
export type TrackingTexts = Texts<(typeof TRACKING_KEYS)[number]>;
