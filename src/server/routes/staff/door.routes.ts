/**
 * The van door (the QR scanner), staff and admins only: the check of a scanned ticket,
 * the public ticket key, the event dates and manifests for working offline, the offline check-ins' sync and how
 * many have boarded.
 * Mounted under /shop-api, so the check keeps the scanner's path `/order/{orderId}/check-complete`.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { checkComplete } from "../../services/door/check-complete";
import { doorDates, offlineManifest } from "../../services/door/offline-manifest";
import { boardingProgress } from "../../services/door/boarding-progress";
import { syncDoorScans } from "../../services/door/offline-sync";
import { documented } from "../contract";
import { requireStaff } from "../../auth/role-checks";
import { LEG } from "../../../shared/domain/legs";

const check = documented("POST /shop-api/order/:orderId/check-complete");
const ticketKey = documented("GET /shop-api/staff/ticket-key");
const dates = documented("GET /shop-api/staff/checkin-dates");
const manifest = documented("GET /shop-api/staff/checkin-manifest");
const sync = documented("POST /shop-api/staff/check-ins/sync");
const progress = documented("GET /shop-api/staff/checkins/progress");

export const doorRoutes = new Hono<AuthEnv>();

doorRoutes.post("/order/:orderId/check-complete", check.describe, requireCaller, requireStaff, async (c) => {
  const orderId = check.params(c).orderId;
  const { body } = await check.input(c);
  return check.ok(c, await checkComplete(c.get("deps"), callerOf(c).id, orderId, body, c.get("locale")));
});

doorRoutes.get("/staff/ticket-key", ticketKey.describe, requireCaller, requireStaff, (c) => ticketKey.ok(c, c.get("deps").auth.ticketKey.publicJwk));

doorRoutes.get("/staff/checkin-dates", dates.describe, requireCaller, requireStaff, async (c) => dates.ok(c, await doorDates(c.get("deps"), c.get("locale"))));

doorRoutes.get("/staff/checkin-manifest", manifest.describe, requireCaller, requireStaff, async (c) => {
  const { eventDateId } = manifest.query(c);
  return manifest.ok(c, await offlineManifest(c.get("deps"), eventDateId, c.get("locale")));
});

doorRoutes.post("/staff/check-ins/sync", sync.describe, requireCaller, requireStaff, async (c) => {
  const { body } = await sync.input(c);
  return sync.ok(c, await syncDoorScans(c.get("deps"), callerOf(c).id, body, c.get("locale")));
});

doorRoutes.get("/staff/checkins/progress", progress.describe, requireCaller, requireStaff, async (c) => {
  const { eventDateId, leg } = progress.query(c);
  return progress.ok(c, await boardingProgress(c.get("deps"), eventDateId, leg ?? LEG.outbound, c.get("locale")));
});
