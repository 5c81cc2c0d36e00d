/**
 * Van runs for event day (passengers are picked up at home): the options (dates and provinces with bookings), the
 * manifest of one date and province (JSON, or CSV when the Accept header asks for text/csv) and "next stop",
 * which texts that stop's passengers. Mounted behind the staff check of staff.routes.ts.
 */
import { Hono } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { manifest, manifestOptions } from "../../services/manifests/manifest-sheet";
import { manifestCsv } from "../../services/manifests/manifest-csv";
import { announceNextStop } from "../../services/manifests/vehicle-arriving";
import { documented } from "../contract";

const options = documented("GET /shop-api/staff/manifests/options");
const sheet = documented("GET /shop-api/staff/manifests");
const nextStop = documented("POST /shop-api/staff/manifests/next-stop");

export const manifestRoutes = new Hono<AuthEnv>();

manifestRoutes.get("/manifests/options", options.describe, async (c) => options.ok(c, await manifestOptions(c.get("deps"), c.get("locale"))));

manifestRoutes.get("/manifests", sheet.describe, async (c) => {
  const { eventDateId, provinceId } = sheet.query(c);
  const locale = c.get("locale");
  const answer = await manifest(c.get("deps"), eventDateId, provinceId, locale);
  if (/\btext\/csv\b/i.test(c.req.header("accept") ?? "")) {
    c.header("content-disposition", `attachment; filename="rodamos-recorridos-${eventDateId}-${provinceId}.csv"`);
    c.header("cache-control", "no-store");
    return c.body(manifestCsv(answer, locale, answer.event.timeZone), 200, { "content-type": "text/csv; charset=utf-8" });
  }
  return sheet.ok(c, answer);
});

manifestRoutes.post("/manifests/next-stop", nextStop.describe, async (c) => {
  const { body } = await nextStop.input(c);
  return nextStop.ok(c, await announceNextStop(c.get("deps"), callerOf(c).id, body, c.get("locale")));
});
