/**
 * The waiting list (bearer): POST /waiting-list joins a sold-out subcategory's list, GET lists the caller's places,
 * DELETE /waiting-list/{id} leaves one. Staff read every list at GET /staff/waiting-lists (staff-waiting-lists.routes.ts).
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { joinWaitingList, leaveWaitingList, myWaitingList } from "../../services/waiting-list/membership";
import { documented } from "../contract";

const join = documented("POST /shop-api/waiting-list");
const list = documented("GET /shop-api/waiting-list");
const leave = documented("DELETE /shop-api/waiting-list/:id");

export const waitingListRoutes = new Hono<AuthEnv>();

waitingListRoutes.post("/waiting-list", join.describe, requireCaller, async (c) => {
  const { body } = await join.input(c);
  return join.ok(c, await joinWaitingList(c.get("deps"), callerOf(c).id, body, c.get("locale")));
});

waitingListRoutes.get("/waiting-list", list.describe, requireCaller, async (c) => list.ok(c, await myWaitingList(c.get("deps"), callerOf(c).id, c.get("locale"))));

waitingListRoutes.delete("/waiting-list/:id", leave.describe, requireCaller, async (c) => {
  const id = leave.params(c).id;
  return leave.ok(c, await leaveWaitingList(c.get("deps"), callerOf(c).id, id, c.get("locale")));
});
