/**
 * A passenger's tracking link: their passenger id and the shop's signature of it (purpose "tracking-v1"), so it
 * opens their van's page without signing in and cannot be turned into another passenger's by changing the id.
 * The link never expires by itself: the page stops answering an hour after the passenger's last drop-off
 * (tracking.ts), which the shop decides from the plan, not from the link.
 */
import type { Signer } from "../../auth/signer";
import type { Env } from "../../env";
import { publicOrigin } from "../../origin";
import { sitePrefix, type CountryCode, type Locale } from "../../../shared/locales";

export function trackingToken(signer: Signer, passengerId: number): string {
  return `${passengerId}.${signer.sign("tracking-v1", String(passengerId))}`;
}

/** The passenger a token names, or null when the signature is not the shop's. */
export function passengerOfToken(signer: Signer, token: string): number | null {
  const [id = "", signature] = token.split(".");
  if (!/^\d{1,10}$/.test(id) || !signer.verify("tracking-v1", id, signature)) return null;
  return Number(id);
}

/** The tracking page of a passenger, in the buyer's site. */
export function trackingLink(env: Env, signer: Signer, passengerId: number, country: CountryCode, locale: Locale): string {
  return `${publicOrigin(env)}${sitePrefix(country, locale)}/track?token=${trackingToken(signer, passengerId)}`;
}
