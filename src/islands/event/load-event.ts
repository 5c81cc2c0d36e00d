/**
 * Event load: a logged-in request is tried first; if it fails the public
 * request is tried; a gone event (410) shows the "gone" view; any other failure goes to /error404.
 */
import { ApiFailure, api } from "../../client/api";
import { COUNTRY_LOCALES, isCountryCode, sitePrefix, type CountryCode, type Locale } from "../../shared/locales";
import type { EventDetail, EventMessage } from "../../shared/types/catalogue";

export type EventLoad =
  | { kind: "event"; event: EventDetail }
  | { kind: "message"; message: string }
  | { kind: "gone" }
  | { kind: "missing" };

/** The slug in /event/{slug} (after the site prefix), or "" when the path names none. */
export function slugFromPath(pathname: string, prefix: string): string {
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  const match = /^\/event\/([^/]+)\/?$/.exec(rest);
  if (!match?.[1]) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return "";
  }
}

function interpret(answer: EventDetail | EventMessage): EventLoad {
  if (answer.message) return { kind: "message", message: answer.message };
  return { kind: "event", event: answer as EventDetail };
}

const isGone = (error: unknown) => error instanceof ApiFailure && error.status === 410;

export async function loadEvent(slug: string, loggedIn: boolean): Promise<EventLoad> {
  if (loggedIn) {
    try {
      return interpret(await api("GET /shop-api/events/:ref", { params: { ref: slug } }));
    } catch (error) {
      if (isGone(error)) return { kind: "gone" };
      // Fall through to the public request.
    }
  }
  try {
    return interpret(await api("GET /api/events/:ref", { params: { ref: slug } }));
  } catch (error) {
    return isGone(error) ? { kind: "gone" } : { kind: "missing" };
  }
}

/**
 * A country site shows and sells only its own country's events: another country's event is the address of that
 * country's page for it (in the visitor's language when that country offers it, else in the country's own), or
 * undefined when the event belongs here.
 */
export function eventHome(event: Pick<EventDetail, "countryCode" | "slug">, site: { country: CountryCode; locale: Locale }): string | undefined {
  const country = event.countryCode.toUpperCase();
  if (!isCountryCode(country) || country === site.country) return undefined;
  const locales = COUNTRY_LOCALES[country];
  const locale = locales.includes(site.locale) ? site.locale : locales[0]!;
  return `${sitePrefix(country, locale)}/event/${encodeURIComponent(event.slug)}`;
}
