/** /shop-api/frequent-friends (account.md section 7) plus edit and delete by id; only the caller's rows. */
import { Hono } from "hono";
import { frequentFriendSchema, idParam } from "../../../shared/schemas/account";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ApiError, ok } from "../../http/answer";
import { readJson } from "../../http/validate";
import {
  addFrequentFriend,
  deleteFrequentFriend,
  listFrequentFriends,
  updateFrequentFriend,
} from "../../services/account/frequent-friends";

export const frequentFriendRoutes = new Hono<AuthEnv>();
frequentFriendRoutes.use("*", requireCaller);

/** Row ids are PostgreSQL `integer`s: a larger one names no row (and must not reach the database). */
export const MAX_ROW_ID = 2_147_483_647;

/** A path id that is not a positive integer names no row: 404 like any row that is not the caller's. */
export function rowId(raw: string): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success || parsed.data > MAX_ROW_ID) throw new ApiError(404, "not_found");
  return parsed.data;
}

frequentFriendRoutes.get("/", async (c) => ok(c, await listFrequentFriends(c.get("deps").db, callerOf(c).id)));

frequentFriendRoutes.post("/", async (c) => {
  const body = await readJson(c, frequentFriendSchema);
  return ok(c, await addFrequentFriend(c.get("deps").db, callerOf(c).id, body), 201);
});

frequentFriendRoutes.put("/:id", async (c) => {
  const id = rowId(c.req.param("id"));
  const body = await readJson(c, frequentFriendSchema);
  return ok(c, await updateFrequentFriend(c.get("deps").db, callerOf(c).id, id, body));
});

frequentFriendRoutes.delete("/:id", async (c) => {
  const id = rowId(c.req.param("id"));
  return ok(c, await deleteFrequentFriend(c.get("deps").db, callerOf(c).id, id));
});
