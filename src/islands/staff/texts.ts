/**
 * The staff area's words: the shell's and every section's. Build-time only: the page picks them for its
 * locale (ui/pick-texts.ts) and passes them to the island.
 */
import { adminMenuMessages } from "../../shared/i18n/messages/admin";
import { privateEventMessages } from "../../shared/i18n/messages/private-events";
import { groupMessages } from "../../shared/i18n/messages/groups";
import { staffMessages } from "../../shared/i18n/messages/staff";
import { staffDoorMessages } from "../../shared/i18n/messages/staff-door";
import { staffRunsMessages } from "../../shared/i18n/messages/staff-runs";
import { areaKeys } from "../ui/pick-texts";
import type { Texts } from "../ui/texts";

export const STAFF_KEYS = [
  ...areaKeys(staffMessages),
  ...areaKeys(staffDoorMessages),
  ...areaKeys(staffRunsMessages),
  ...areaKeys(privateEventMessages),
  ...areaKeys(groupMessages),
  ...areaKeys(adminMenuMessages),
  "auth.sign_in_required",
  "auth.login.title",
] as const;
export type StaffTexts = Texts<(typeof STAFF_KEYS)[number]>;
