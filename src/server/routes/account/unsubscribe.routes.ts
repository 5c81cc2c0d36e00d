/** POST /shop-api/unsubscribe: the one-click unsubscribe of the mails sent to people who never signed up. */
import { Hono } from "hono";
import { unsubscribeQuerySchema } from "../../../shared/api/routes/mail-preferences";
import type { AppEnv } from "../../http/context";
import { readQuery } from "../../http/validate";
import { optOut } from "../../services/account/mail-opt-outs";
import { documented } from "../contract";

const unsubscribe = documented("POST /shop-api/unsubscribe");

export const unsubscribeRoutes = new Hono<AppEnv>().post("/", unsubscribe.describe, async (c) => {
  const { email, sig } = readQuery(c, unsubscribeQuerySchema);
  await optOut(c.get("deps"), email, sig);
  return unsubscribe.ok(c, { unsubscribed: true });
});
