import type { MiddlewareHandler } from "hono";
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "../../shared/locales";
import type { AppEnv } from "./context";

/** Picks the answer language: explicit `?locale=` or `X-Locale` first, then Accept-Language, then es_CO. */
export function pickLocale(explicit: string | undefined, acceptLanguage: string | undefined): Locale {
  const normalized = explicit?.replace("-", "_");
  if (isLocale(normalized)) return normalized;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().replace("-", "_");
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = LOCALES.find((l) => l.startsWith(`${tag.slice(0, 2).toLowerCase()}_`));
    if (language) return language;
  }
  return DEFAULT_LOCALE;
}

export const localeMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("locale", pickLocale(c.req.query("locale") ?? c.req.header("x-locale"), c.req.header("accept-language")));
  await next();
};
