/**
 * Where the API client (api.ts) reads the bearer token and the language from. The stores provide them as they load
 * (stores/session.ts, stores/locale.ts), so the client imports no store; this module is small, so the header's eager
 * script can load the session store without the client.
 */
import { DEFAULT_LOCALE } from "../shared/locales";

export interface ApiContext {
  /** The signed-in person's valid token, or null. */
  token: () => string | null;
  /** The page's language, sent as X-Locale so refusals come translated. */
  locale: () => string;
}

/** Until a store provides them (its module is loaded by every page's header): no token, the page's own language. */
export const apiContext: ApiContext = {
  token: () => null,
  locale: () => (typeof document === "undefined" ? undefined : document.documentElement.dataset.locale) ?? DEFAULT_LOCALE,
};

/** Where the client reads the token and the language from: the session and locale stores call it as they load. */
export function provideApiContext(provided: Partial<ApiContext>): void {
  Object.assign(apiContext, provided);
}
