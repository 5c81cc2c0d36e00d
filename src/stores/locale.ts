/** The page's locale and country, set once by the layout from the prerendered `<html>` attributes. */
import { atom } from "nanostores";
import { provideApiContext } from "../client/api-context";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, isLocale, type Locale } from "../shared/locales";

function fromDocument(): { locale: Locale; country: string } {
  if (typeof document === "undefined") return { locale: DEFAULT_LOCALE, country: DEFAULT_COUNTRY };
  const locale = document.documentElement.dataset.locale;
  return {
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    country: document.documentElement.dataset.country ?? DEFAULT_COUNTRY,
  };
}

const initial = fromDocument();
export const $locale = atom<Locale>(initial.locale);
export const $country = atom<string>(initial.country);

// The API client asks for answers in the page's language (X-Locale).
provideApiContext({ locale: () => $locale.get() });
