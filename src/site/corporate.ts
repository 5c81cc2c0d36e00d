/**
 * The corporate (B2B) site's address: the CORPORATE_SITE_URL setting (checked at start-up by src/server/env.ts and
 * inherited by the page build), else the brand's own.
 */
import { BRAND } from "../shared/brand";

export function corporateSiteUrl(): string {
  return process.env.CORPORATE_SITE_URL || BRAND.corporateSiteUrl;
}
