/**
 * The staff's order list and transfer decisions (a transfer is validated within 24 hours): GET /staff/orders (by state, search,
 * page) and POST /staff/orders/{id}/reject-transfer. Mounted behind the staff check of staff.routes.ts.
 */
import { Hono } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { listStaffOrders } from "../../services/order-desk/order-list";
import { rejectTransfer } from "../../services/purchase/transfer-decisions";
import { documented } from "../contract";

const list = documented("GET /shop-api/staff/orders");
const reject = documented("POST /shop-api/staff/orders/:id/reject-transfer");

export const staffOrderRoutes = new Hono<AuthEnv>();

staffOrderRoutes.get("/orders", list.describe, async (c) => {
  const query = list.query(c);
  return list.ok(c, await listStaffOrders(c.get("deps"), query, c.get("locale")));
});

staffOrderRoutes.post("/orders/:id/reject-transfer", reject.describe, async (c) => {
  const id = reject.params(c).id;
  const { body: { reason } } = await reject.input(c);
  return reject.ok(c, await rejectTransfer(c.get("deps"), id, { id: callerOf(c).id, email: callerOf(c).email }, reason));
});
