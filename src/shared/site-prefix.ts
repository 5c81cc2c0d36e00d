/**
 * The site prefix ("/cl/es-cl", or "" for Colombia in es_CO) of the page a purchase was sent from (the body's
 * `url`, absolute or a path). Only the path is read and only a known prefix is kept: the host is never trusted.
 * Shared by the purchase's checks (a country's site sells only its own events) and the payment's return link.
 */
import { boundedMemo } from "./bounded-memo";
import { SITES } from "./locales";

/**
 * Prefixes already found, by the text of the url: a purchase asks twice (its checks and its payment's return link),
 * and a shop's buyers send the same few event pages.
 */
export const sitePrefixOf: (url: string) => string = boundedMemo(512, parsePrefix);

function parsePrefix(url: string): string {
  let path = url;
  try {
    path = new URL(url, "http://shop.invalid").pathname;
  } catch {
    return "";
  }
  const [country, locale] = path.split("/").filter(Boolean);
  const candidate = `/${country ?? ""}/${locale ?? ""}`.toLowerCase();
  return SITES.find((site) => site.prefix !== "" && site.prefix === candidate)?.prefix ?? "";
}
