/** The site (one country and locale's storefront) a path belongs to: its prefix (`/cl/en-us`, none for es_CO) and the page path after it. */
import { SITES } from "../../shared/locales";

export function splitSitePrefix(pathname: string): { prefix: string; rest: string } {
  const site = SITES.find((s) => s.prefix && (pathname === s.prefix || pathname.startsWith(`${s.prefix}/`)));
  const prefix = site?.prefix ?? "";
  return { prefix, rest: pathname.slice(prefix.length) || "/" };
}
