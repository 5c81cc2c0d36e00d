/**
 * /shop-api/frequent-addresses (list and create) plus edit, delete and
 * PUT /{id}/my-address; only the caller's rows.
 */
import { Hono } from "hono";
import { myAddressSchema } from "../../../shared/schemas/account";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { parseWith } from "../../http/validate";
import {
  addFrequentAddress,
  deleteFrequentAddress,
  listFrequentAddresses,
  setMyAddress,
  updateFrequentAddress,
} from "../../services/account/frequent-addresses";
import { documented } from "../contract";

const list = documented("GET /shop-api/frequent-addresses");
const add = documented("POST /shop-api/frequent-addresses");
const update = documented("PUT /shop-api/frequent-addresses/:id");
const markOwn = documented("PUT /shop-api/frequent-addresses/:id/my-address");
const remove = documented("DELETE /shop-api/frequent-addresses/:id");

export const frequentAddressRoutes = new Hono<AuthEnv>();
frequentAddressRoutes.use("*", requireCaller);

frequentAddressRoutes.get("/", list.describe, async (c) => list.ok(c, await listFrequentAddresses(c.get("deps").db, callerOf(c).id)));

frequentAddressRoutes.post("/", add.describe, async (c) => {
  const { body } = await add.input(c);
  return add.ok(c, await addFrequentAddress(c.get("deps").db, callerOf(c).id, body));
});

frequentAddressRoutes.put("/:id", update.describe, async (c) => {
  const id = update.params(c).id;
  const { body } = await update.input(c);
  return update.ok(c, await updateFrequentAddress(c.get("deps").db, callerOf(c).id, id, body));
});

frequentAddressRoutes.put("/:id/my-address", markOwn.describe, async (c) => {
  const id = markOwn.params(c).id;
  // The account area sends no body: none (or an empty one) marks the address as the caller's own.
  const text = await c.req.text();
  const { myAddress } = parseWith(myAddressSchema, text.trim() ? safeJson(text) : {});
  return markOwn.ok(c, await setMyAddress(c.get("deps").db, callerOf(c).id, id, myAddress));
});

frequentAddressRoutes.delete("/:id", remove.describe, async (c) => {
  const id = remove.params(c).id;
  return remove.ok(c, await deleteFrequentAddress(c.get("deps").db, callerOf(c).id, id));
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
