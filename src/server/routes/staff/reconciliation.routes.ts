/**
 * Reconciliation (GET /shop-api/staff/reports/reconciliation, JSON, CSV or XLSX). Mounted behind the staff check of
 * staff.routes.ts; read from the replica when there is one.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/bearer";
import { readingDeps } from "../../context";
import { exportCsv, exportXlsx } from "../../services/order-desk/order-exports";
import { reconciliation, reconciliationTable } from "../../services/reports/reconciliation";
import { reconcileSettlement } from "../../services/reports/settlement-match";
import { readUpload, uploadLimit } from "../../uploads/multipart";
import { SETTLEMENT_UPLOAD } from "../../../shared/schemas/reconciliation";
import type { Reconciliation } from "../../../shared/schemas/answers/reconciliation";
import type { Context } from "hono";
import { documented } from "../contract";

const report = documented("GET /shop-api/staff/reports/reconciliation");
const settlement = documented("POST /shop-api/staff/reports/reconciliation/settlement");
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const reconciliationRoutes = new Hono<AuthEnv>();

reconciliationRoutes.get("/reports/reconciliation", report.describe, async (c) => {
  const query = report.query(c);
  const answer = await reconciliation(readingDeps(c.get("deps")), query);
  return fileOr(c, answer, query, () => report.ok(c, answer));
});

// The settlement file is read under its own size limit (the JSON limit does not apply: multipart.ts UPLOAD_PATH).
reconciliationRoutes.post("/reports/reconciliation/settlement", settlement.describe, uploadLimit(SETTLEMENT_UPLOAD.maxBytes), async (c) => {
  const query = settlement.query(c);
  const bytes = await readUpload(c, SETTLEMENT_UPLOAD.maxBytes);
  const answer = await reconcileSettlement(readingDeps(c.get("deps")), query, bytes);
  return fileOr(c, answer, { ...query, from: query.from, to: query.to }, () => settlement.ok(c, answer));
});

/** The report as CSV or XLSX when the query asks, else the JSON answer. */
function fileOr(c: Context<AuthEnv>, answer: Reconciliation, query: { from: string; to: string; format?: "json" | "csv" | "xlsx" | undefined }, json: () => Response) {
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
  return json();
}
