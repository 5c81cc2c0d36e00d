/** GET/PUT /shop-api/me: the caller's own profile, nobody else's; POST /me/email asks to change the sign-in email. */
import { Hono } from "hono";
import { callerOf, clientIp, requireCaller, type AuthEnv } from "../../auth/bearer";
import { getProfile, updateProfile } from "../../services/account/profile";
import { requestEmailChange } from "../../services/account/sessions";
import { documented } from "../contract";

const read = documented("GET /shop-api/me");
const save = documented("PUT /shop-api/me");
const changeEmail = documented("POST /shop-api/me/email");

export const meRoutes = new Hono<AuthEnv>();
meRoutes.use("*", requireCaller);

meRoutes.get("/", read.describe, async (c) => read.ok(c, await getProfile(c.get("deps").db, callerOf(c).id)));

meRoutes.put("/", save.describe, async (c) => {
  const { body } = await save.input(c);
  return save.ok(c, await updateProfile(c.get("deps").db, callerOf(c).id, body));
});

meRoutes.post("/email", changeEmail.describe, async (c) => {
  const { body } = await changeEmail.input(c);
  await requestEmailChange(c.get("deps"), callerOf(c).id, body, clientIp(c));
  return changeEmail.ok(c, { sent: true });
});
