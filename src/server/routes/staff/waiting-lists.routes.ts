/** GET /shop-api/staff/waiting-lists[?eventId=]: every waiting list with its people and offers (behind the staff check of staff.routes.ts). */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/bearer";
import { staffWaitingLists } from "../../services/waiting-list/staff-lists";
import { documented } from "../contract";

const lists = documented("GET /shop-api/staff/waiting-lists");

export const staffWaitingListRoutes = new Hono<AuthEnv>();

staffWaitingListRoutes.get("/waiting-lists", lists.describe, async (c) => {
  const query = lists.query(c);
  return lists.ok(c, await staffWaitingLists(c.get("deps"), query, c.get("locale")));
});
