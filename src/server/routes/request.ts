/** Reading the catalogue calls' queries and path parameters with the shared schemas. */
import type { Context } from "hono";
import type * as z from "zod/mini";
import { ApiError } from "../http/answer";
import type { AppEnv } from "../http/context";
import { parseWith } from "../http/validate";

/** Like `readQuery`, but an unknown `country-code` is refused with its own code, `unknown_country`. */
export function readCatalogQuery<S extends z.ZodMiniType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  try {
    return parseWith(schema, c.req.query());
  } catch (error) {
    if (error instanceof ApiError && error.fields?.["country-code"]) {
      throw new ApiError(422, "unknown_country", error.fields);
    }
    throw error;
  }
}

export function readParams<S extends z.ZodMiniType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  return parseWith(schema, c.req.param());
}

/** The app's clock (tests move it). */
export function nowOf(c: Context<AppEnv>): Date {
  return c.get("deps").now();
}
