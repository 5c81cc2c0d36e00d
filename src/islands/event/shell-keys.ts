/** The texts the event shell island needs (handed over as a prop, so the island carries no catalogue). */
import { EVENT_VIEW_KEYS } from "../../views/events/view-data";

export const SHELL_KEYS = [
  ...EVENT_VIEW_KEYS,
  "event.gone",
  "event.login_prompt",
  "event.booking.title",
  "account.login",
  "common.back_to_main",
  "common.loading",
] as const;
export type ShellLabels = Record<(typeof SHELL_KEYS)[number], string>;
