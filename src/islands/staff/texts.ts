/**
 * The staff area's words: the shell's and every section's. Build-time only: the page picks them for its
 * locale (ui/pick-texts.ts) and passes them to the island.
 */
import { AUDIT_ACTIONS } from "../../shared/domain/audit-actions";
import { adminMenuMessages } from "../../shared/i18n/messages/admin";
import { doorErrorMessages, staffRunsErrorMessages } from "../../shared/i18n/messages/errors";
import { adminFleetMenuMessages } from "../../shared/i18n/messages/admin-fleet";
import { adminSeatsMenuMessages } from "../../shared/i18n/messages/admin-seats";
import { privateEventMessages } from "../../shared/i18n/messages/private-events";
import { orderDeskMessages } from "../../shared/i18n/messages/order-desk";
import { staffWaitingListMessages } from "../../shared/i18n/messages/waiting-list";
import { groupMessages } from "../../shared/i18n/messages/groups";
import { staffMessages } from "../../shared/i18n/messages/staff";
import { staffDoorMessages } from "../../shared/i18n/messages/staff-door";
import { staffRunsMessages } from "../../shared/i18n/messages/staff-runs";
import { staffDispatchMessages } from "../../shared/i18n/messages/staff-dispatch";
import { ticketMessages } from "../../shared/i18n/messages/tickets";
import { areaKeys } from "../ui/pick-texts";
import type { Texts } from "../ui/texts";

/** The door's counts and status, and the boarding screen. */
const DOOR_KEYS = areaKeys(ticketMessages).filter(
  (key): key is Extract<typeof key, `scanner.${string}` | `boarding.${string}` | `staff.${string}`> =>
    key.startsWith("scanner.") || key.startsWith("boarding.") || key.startsWith("staff."),
);

export const STAFF_KEYS = [
  ...DOOR_KEYS,
  ...areaKeys(staffMessages),
  ...areaKeys(staffDoorMessages),
  ...areaKeys(staffRunsMessages),
  ...areaKeys(doorErrorMessages),
  ...areaKeys(staffRunsErrorMessages),
  ...areaKeys(staffDispatchMessages),
  ...areaKeys(orderDeskMessages),
  ...areaKeys(staffWaitingListMessages),
  ...areaKeys(privateEventMessages),
  ...areaKeys(groupMessages),
  ...areaKeys(adminMenuMessages),
  ...areaKeys(adminFleetMenuMessages),
  ...areaKeys(adminSeatsMenuMessages),
  ...AUDIT_ACTIONS.map((action) => `admin.action.${action}` as const),
  "payments.method.webpay",
  "payments.method.mercadopago",
  "payments.method.transferencia",
  "auth.sign_in_required",
  "auth.login.title",
] as const;
export type StaffTexts = Texts<(typeof STAFF_KEYS)[number]>;
