/**
 * Reconciliation (GET /shop-api/staff/reports/reconciliation, JSON, CSV or XLSX). Mounted behind the staff check of
 * staff.routes.ts; read from the replica when there is one.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/bearer";
import { readingDeps } from "../../context";
import { exportCsv, exportXlsx } from "../../services/order-desk/order-exports";
import { reconciliation, reconciliationTable } from "../../services/reports/reconciliation";
import { documented } from "../contract";

const report = documented("GET /shop-api/staff/reports/reconciliation");
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const reconciliationRoutes = new Hono<AuthEnv>();

reconciliationRoutes.get("/reports/reconciliation", report.describe, async (c) => {
  const query = report.query(c);
  const answer = await reconciliation(readingDeps(c.get("deps")), query);
  c.header("cache-control", "no-store");
  const name = `rodamos-reconciliation-${query.from}-${query.to}`;
  if (query.format === "csv") {
    c.header("content-disposition", `attachment; filename="${name}.csv"`);
    return c.body(exportCsv(reconciliationTable(answer, c.get("locale"))), 200, { "content-type": "text/csv; charset=utf-8" });
  }
  if (query.format === "xlsx") {
    c.header("content-disposition", `attachment; filename="${name}.xlsx"`);
    return c.body(exportXlsx(reconciliationTable(answer, c.get("locale")), "reconciliation"), 200, { "content-type": XLSX_TYPE });
  }
  return report.ok(c, answer);
});
