/** What a route reads from the request besides its contract's input (src/server/routes/contract.ts). */
import type { Context } from "hono";
import type { AppEnv } from "../http/context";

/** The app's clock (tests move it). */
export function nowOf(c: Context<AppEnv>): Date {
  return c.get("deps").now();
}
