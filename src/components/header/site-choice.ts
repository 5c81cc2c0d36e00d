/**
 * Country and language choice.
 * The selector's entries are plain links to the same page under another prefix; the script remembers
 * the choice. On the default landing ("/"), a stored choice for another site is honoured, and a first
 * visit with nothing stored asks the channel call (`/api/channels/{host}`) which country this host serves.
 */
import { COUNTRY_LOCALES, SITES, isCountryCode, isLocale, sitePrefix, type Site } from "../../shared/locales";

export const SITE_CHOICE_KEY = "shop.site";

export interface SiteChoice {
  country: string;
  locale: string;
}

export function readSiteChoice(): SiteChoice | null {
  try {
    const value = JSON.parse(localStorage.getItem(SITE_CHOICE_KEY) ?? "null") as SiteChoice | null;
    return value && isCountryCode(value.country) && isLocale(value.locale) ? value : null;
  } catch {
    return null;
  }
}

export function storeSiteChoice(choice: SiteChoice) {
  try {
    localStorage.setItem(SITE_CHOICE_KEY, JSON.stringify({ country: choice.country, locale: choice.locale }));
  } catch {
    // Without storage the choice lasts as long as the URL prefix does.
  }
}

/** The site a stored or channel choice points to; a locale the country does not offer falls back to its own. */
export function siteForChoice(choice: SiteChoice): Site | undefined {
  const country = choice.country.toUpperCase();
  if (!isCountryCode(country)) return undefined;
  const offered = COUNTRY_LOCALES[country];
  const locale = isLocale(choice.locale) && offered.includes(choice.locale) ? choice.locale : offered[0];
  if (!locale) return undefined;
  return SITES.find((site) => site.prefix === sitePrefix(country, locale));
}

async function channelSite(): Promise<Site | undefined> {
  try {
    const response = await fetch(`/api/channels/${encodeURIComponent(window.location.host)}`, {
      headers: { accept: "application/json" },
    });
    const answer = (await response.json()) as { success: boolean; data?: { countryCode: string; defaultLocaleCode: string } };
    if (!answer.success || !answer.data) return undefined;
    return siteForChoice({ country: answer.data.countryCode, locale: answer.data.defaultLocaleCode });
  } catch {
    return undefined;
  }
}

export function initSiteChoice() {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-site-link]")) {
    link.addEventListener("click", () => {
      storeSiteChoice({ country: link.dataset.country ?? "", locale: link.dataset.locale ?? "" });
    });
  }

  // Only the default site's landing at "/" decides by itself: any other URL was chosen by whoever opened it.
  const html = document.documentElement;
  if (window.location.pathname !== "/" || html.dataset.page !== "landing") return;
  const current = `${html.dataset.country}:${html.dataset.locale}`;
  const go = (site: Site | undefined) => {
    if (site && `${site.country}:${site.locale}` !== current) window.location.replace(site.prefix || "/");
  };
  const stored = readSiteChoice();
  if (stored) {
    go(siteForChoice(stored));
    return;
  }
  void channelSite().then((site) => {
    if (!site) return;
    storeSiteChoice({ country: site.country, locale: site.locale });
    go(site);
  });
}
