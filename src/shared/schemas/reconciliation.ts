/** GET /shop-api/staff/reports/reconciliation: the money that moved between two days, by gateway. */
import * as z from "zod/mini";
import { SETTLEMENT_GATEWAYS } from "../domain/reconciliation";

export const RECONCILIATION_FORMATS = ["json", "csv", "xlsx"] as const;
/** A year and a day: a whole year's statement in one file, never an unbounded scan. */
export const RECONCILIATION_MAX_DAYS = 366;

/** The days every year has (29 February is a real day the server takes, which a pattern cannot tell from 2027's). */
const DAY_PATTERN = "^\\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)$";

/** YYYY-MM-DD and a real day (no 31 April). */
const day = z
  .string({ error: "form.required" })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, "errors.reconciliation_day_invalid"),
    z.refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
    }, "errors.reconciliation_day_invalid"),
  )
  .register(z.globalRegistry, { type: "string", pattern: DAY_PATTERN, description: "YYYY-MM-DD: a day on the wall clock of each movement's country." });

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const period = {
  from: day,
  to: day,
  format: z.optional(z.enum(RECONCILIATION_FORMATS, { error: "errors.invalid_value" })),
};
type Period = { from: string; to: string };
const periodChecks = [
  z.refine<Period>((query) => query.from <= query.to, { message: "errors.reconciliation_range_backwards", path: ["to"] }),
  z.refine<Period>((query) => daysBetween(query.from, query.to) < RECONCILIATION_MAX_DAYS, { message: "errors.reconciliation_range_too_long", path: ["to"] }),
] as const;

export const reconciliationQuerySchema = z.object(period).check(...periodChecks);
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

/**
 * POST …/reconciliation/settlement: the same period, and whose settlement file the upload is: the gateway, and the
 * currency its account settles in (the file's amounts carry none).
 */
export const settlementQuerySchema = z
  .object({
    ...period,
    gateway: z.enum(SETTLEMENT_GATEWAYS, { error: "errors.invalid_value" }),
    currency: z.string({ error: "form.required" }).check(z.regex(/^[A-Z]{3}$/, "errors.invalid_value")),
  })
  .check(...periodChecks);
export type SettlementQuery = z.infer<typeof settlementQuerySchema>;

/** A gateway's settlement file: CSV text, up to 2 MB (a month of a busy account many times over). */
export const SETTLEMENT_UPLOAD = { maxBytes: 2 * 1024 * 1024, mediaTypes: ["text/csv"] } as const;
