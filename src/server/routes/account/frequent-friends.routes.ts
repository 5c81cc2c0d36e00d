/** /shop-api/frequent-friends (list and create) plus edit and delete by id; only the caller's rows. */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import {
  addFrequentFriend,
  deleteFrequentFriend,
  listFrequentFriends,
  updateFrequentFriend,
} from "../../services/account/frequent-friends";
import { documented } from "../contract";

const list = documented("GET /shop-api/frequent-friends");
const add = documented("POST /shop-api/frequent-friends");
const update = documented("PUT /shop-api/frequent-friends/:id");
const remove = documented("DELETE /shop-api/frequent-friends/:id");

export const frequentFriendRoutes = new Hono<AuthEnv>();
frequentFriendRoutes.use("*", requireCaller);

frequentFriendRoutes.get("/", list.describe, async (c) => list.ok(c, await listFrequentFriends(c.get("deps").db, callerOf(c).id)));

frequentFriendRoutes.post("/", add.describe, async (c) => {
  const { body } = await add.input(c);
  return add.ok(c, await addFrequentFriend(c.get("deps").db, callerOf(c).id, body));
});

frequentFriendRoutes.put("/:id", update.describe, async (c) => {
  const id = update.params(c).id;
  const { body } = await update.input(c);
  return update.ok(c, await updateFrequentFriend(c.get("deps").db, callerOf(c).id, id, body));
});

frequentFriendRoutes.delete("/:id", remove.describe, async (c) => {
  const id = remove.params(c).id;
  return remove.ok(c, await deleteFrequentFriend(c.get("deps").db, callerOf(c).id, id));
});
