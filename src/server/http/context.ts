import type { Env } from "../env";
import type { Db } from "../db/client";
import type { Locale } from "../../shared/locales";

/** What every route can reach: the database, the parsed environment and a clock tests can move. */
export interface AppDeps {
  db: Db;
  env: Env;
  now?: () => Date;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** The caller's language, for translated messages: `?locale=`, `X-Locale` or Accept-Language. */
    locale: Locale;
  };
}
