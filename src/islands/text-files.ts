/**
 * Islands that mount without page props (the auth dialogs opened from the header, the wizard inside the
 * client-side event shell) fetch their words as one static file per locale, built from these key lists by
 * src/pages/texts/[file]/[locale].json.ts. Build-time only: an island names its file and its texts' type
 * (islands/ui/load-texts.ts), so the island kit imports no feature.
 */
import { ADMIN_KEYS } from "./staff/admin/texts";
import { AUTH_KEYS } from "./auth/texts";
import { BOOKING_KEYS } from "./booking/texts";

export const TEXT_FILES = { auth: AUTH_KEYS, booking: BOOKING_KEYS, admin: ADMIN_KEYS } as const;
export type TextFile = keyof typeof TEXT_FILES;
export type TextFileKeys = { [F in TextFile]: (typeof TEXT_FILES)[F][number] };
