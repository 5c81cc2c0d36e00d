/**
 * /shop-api/frequent-addresses (account.md section 7) plus edit, delete and
 * PUT /{id}/my-address; only the caller's rows.
 */
import { Hono } from "hono";
import { frequentAddressSchema, myAddressSchema } from "../../../shared/schemas/account";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import { parseWith, readJson } from "../../http/validate";
import {
  addFrequentAddress,
  deleteFrequentAddress,
  listFrequentAddresses,
  setMyAddress,
  updateFrequentAddress,
} from "../../services/account/frequent-addresses";
import { rowId } from "./frequent-friends.routes";

export const frequentAddressRoutes = new Hono<AuthEnv>();
frequentAddressRoutes.use("*", requireCaller);

frequentAddressRoutes.get("/", async (c) => ok(c, await listFrequentAddresses(c.get("deps").db, callerOf(c).id)));

frequentAddressRoutes.post("/", async (c) => {
  const body = await readJson(c, frequentAddressSchema);
  return ok(c, await addFrequentAddress(c.get("deps").db, callerOf(c).id, body), 201);
});

frequentAddressRoutes.put("/:id", async (c) => {
  const id = rowId(c.req.param("id"));
  const body = await readJson(c, frequentAddressSchema);
  return ok(c, await updateFrequentAddress(c.get("deps").db, callerOf(c).id, id, body));
});

frequentAddressRoutes.put("/:id/my-address", async (c) => {
  const id = rowId(c.req.param("id"));
  // The spec shows no body: none (or an empty one) marks the address as the caller's own.
  const text = await c.req.text();
  const { myAddress } = parseWith(myAddressSchema, text.trim() ? safeJson(text) : {});
  return ok(c, await setMyAddress(c.get("deps").db, callerOf(c).id, id, myAddress));
});

frequentAddressRoutes.delete("/:id", async (c) => {
  const id = rowId(c.req.param("id"));
  return ok(c, await deleteFrequentAddress(c.get("deps").db, callerOf(c).id, id));
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
