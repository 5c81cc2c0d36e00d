import type { ShopContext } from "../context";
import type { Locale } from "../../shared/locales";

export interface AppEnv {
  Variables: {
    /** The app's one context (src/server/context.ts): database, environment, clock, mailer, payments, keys. */
    deps: ShopContext;
    /** The caller's language, for translated messages: `?locale=`, `X-Locale` or Accept-Language. */
    locale: Locale;
  };
}
