/** POST /shop-api/unsubscribe: the one-click unsubscribe of the mails sent to people who never signed up. */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { optOut } from "../../services/account/mail-opt-outs";
import { documented } from "../contract";

const unsubscribe = documented("POST /shop-api/unsubscribe");

export const unsubscribeRoutes = new Hono<AppEnv>().post("/", unsubscribe.describe, async (c) => {
  const { email, sig } = unsubscribe.query(c);
  await optOut(c.get("deps"), email, sig);
  return unsubscribe.ok(c, { unsubscribed: true });
});
