/** GET/PUT /shop-api/me (account.md section 7): the caller's own profile, nobody else's. */
import { Hono } from "hono";
import { profileSchema } from "../../../shared/schemas/account";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import { readJson } from "../../http/validate";
import { getProfile, updateProfile } from "../../services/account/profile";

export const meRoutes = new Hono<AuthEnv>();
meRoutes.use("*", requireCaller);

meRoutes.get("/", async (c) => ok(c, await getProfile(c.get("deps").db, callerOf(c).id)));

meRoutes.put("/", async (c) => {
  const body = await readJson(c, profileSchema);
  return ok(c, await updateProfile(c.get("deps").db, callerOf(c).id, body));
});
