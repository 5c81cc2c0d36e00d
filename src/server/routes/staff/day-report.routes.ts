/**
 * How the day went (GET /shop-api/staff/reports/days and /days/{eventDateId}, JSON or `format=xlsx`). Mounted
 * behind the staff check of staff.routes.ts; read from the replica when there is one.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/bearer";
import { readingDeps } from "../../context";
import { dayReport, listDays } from "../../services/reports/day-report";
import { dayReportXlsx } from "../../services/reports/day-report-xlsx";
import { documented } from "../contract";

const list = documented("GET /shop-api/staff/reports/days");
const one = documented("GET /shop-api/staff/reports/days/:eventDateId");
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const dayReportRoutes = new Hono<AuthEnv>();

dayReportRoutes.get("/reports/days", list.describe, async (c) => {
  return list.ok(c, await listDays(readingDeps(c.get("deps")), list.query(c), c.get("locale")));
});

dayReportRoutes.get("/reports/days/:eventDateId", one.describe, async (c) => {
  const { eventDateId } = one.params(c);
  const report = await dayReport(readingDeps(c.get("deps")), eventDateId, c.get("locale"));
  c.header("cache-control", "no-store");
  if (one.query(c).format === "xlsx") {
    c.header("content-disposition", `attachment; filename="rodamos-day-${eventDateId}.xlsx"`);
    return c.body(dayReportXlsx(report), 200, { "content-type": XLSX_TYPE });
  }
  return one.ok(c, report);
});
