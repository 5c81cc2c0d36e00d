/**
 * The staff area's words: the shell's and every section's. Build-time only: the page picks them for its
 * locale (ui/pick-texts.ts) and passes them to the island.
 */
import { AUDIT_ACTIONS } from "../../shared/domain/audit-actions";
import { ORDER_ACTORS } from "../../shared/domain/order-states";
import { PAYMENT_CODES } from "../../shared/domain/payment-codes";
import { adminMenuMessages } from "../../shared/i18n/messages/admin";
import { doorErrorMessages, staffDayErrorMessages } from "../../shared/i18n/messages/errors";
import { adminFleetMenuMessages } from "../../shared/i18n/messages/admin-fleet";
import { adminSeatsMenuMessages } from "../../shared/i18n/messages/admin-seats";
import { privateEventMessages } from "../../shared/i18n/messages/private-events";
import { orderDeskMessages } from "../../shared/i18n/messages/order-desk";
import { staffWaitingListMessages } from "../../shared/i18n/messages/waiting-list";
import { privateEventQuoteMessages } from "../../shared/i18n/messages/private-event-quotes";
import { staffMessages } from "../../shared/i18n/messages/staff";
import { staffDoorMessages } from "../../shared/i18n/messages/staff-door";
import { staffDayMessages } from "../../shared/i18n/messages/staff-day";
import { staffDispatchMessages } from "../../shared/i18n/messages/staff-dispatch";
import { liveDayMessages } from "../../shared/i18n/messages/live-day";
import { driverPhoneMessages, noShowMessages } from "../../shared/i18n/messages/driver-phone";
import { ticketMessages } from "../../shared/i18n/messages/tickets";
import { CLOCK_KEYS } from "../../shared/format/event-clock";
import { areaKeys } from "../ui/pick-texts";
import { dispatchRulesMessages } from "../../shared/i18n/messages/dispatch-rules";
import { dispatchBoardMessages } from "../../shared/i18n/messages/dispatch-board";
import { dayReportStaffMessages } from "../../shared/i18n/messages/day-report";
import type { Texts } from "../ui/texts";

/** The door's counts and status, and the boarding screen. */
const DOOR_KEYS = areaKeys(ticketMessages).filter(
  (key): key is Extract<typeof key, `scanner.${string}` | `boarding.${string}` | `staff.${string}`> =>
    key.startsWith("scanner.") || key.startsWith("boarding.") || key.startsWith("staff."),
);

export const STAFF_KEYS = [
  ...CLOCK_KEYS,
  ...DOOR_KEYS,
  ...areaKeys(staffMessages),
  ...areaKeys(staffDoorMessages),
  ...areaKeys(staffDayMessages),
  ...areaKeys(doorErrorMessages),
  ...areaKeys(staffDayErrorMessages),
  ...areaKeys(staffDispatchMessages),
  ...areaKeys(liveDayMessages).filter((key): key is Extract<typeof key, `dispatch.live.${string}`> => key.startsWith("dispatch.live.")),
  ...areaKeys(driverPhoneMessages),
  ...areaKeys(noShowMessages).filter((key) => key.startsWith("order.")),
  ...areaKeys(orderDeskMessages),
  ...areaKeys(staffWaitingListMessages),
  ...areaKeys(privateEventMessages),
  ...areaKeys(privateEventQuoteMessages),
  ...areaKeys(adminMenuMessages),
  ...areaKeys(adminFleetMenuMessages),
  ...areaKeys(adminSeatsMenuMessages),
  ...AUDIT_ACTIONS.map((action) => `admin.action.${action}` as const),
  ...ORDER_ACTORS.map((actor) => `admin.actor.${actor}` as const),
  ...PAYMENT_CODES.map((code) => `payments.method.${code}` as const),
  "auth.sign_in_required",
  "auth.login.title",
  ...areaKeys(dispatchRulesMessages).filter((key) => !key.startsWith("booking.")),
  ...areaKeys(dispatchBoardMessages).filter((key) => key.startsWith("dispatch.")),
  ...areaKeys(dayReportStaffMessages),
] as const;
export type StaffTexts = Texts<(typeof STAFF_KEYS)[number]>;
