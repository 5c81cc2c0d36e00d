/** Requests of the day's report (staff) and of a passenger's rating link (no sign-in: the signed token is the key). */
import * as z from "zod/mini";
import { RATING_COMMENT_MAX } from "../domain/day-report";
import { pathRowId } from "./path-params";
import { databaseId } from "./fields";

/** GET /shop-api/staff/reports/days: every event date with a published plan, or one event's. */
export const daysQuerySchema = z.object({ eventId: z.optional(databaseId("errors.invalid_id")) });
export type DaysQuery = z.infer<typeof daysQuerySchema>;

export const DAY_REPORT_FORMATS = ["json", "xlsx"] as const;
export const dayReportPathSchema = z.object({ eventDateId: pathRowId });
/** `format=xlsx`: the runs and their stops as a workbook of typed cells. */
export const dayReportQuerySchema = z.object({ format: z.optional(z.enum(DAY_REPORT_FORMATS, { error: "errors.invalid_value" })) });

/** A rating link's token: the passenger's id and the shop's signature. */
export const ratingTokenParams = z.object({ token: z.string().check(z.regex(/^\d{1,10}\.[A-Za-z0-9_-]{20,64}$/)) });

/** POST /shop-api/ratings/{token}: one score, 1 to 5, and what the passenger wants to say. */
export const ratingSchema = z.object({
  score: z.int({ error: "errors.invalid_value" }).check(z.gte(1, "errors.invalid_value"), z.lte(5, "errors.invalid_value")),
  comment: z.optional(z.string().check(z.trim(), z.maxLength(RATING_COMMENT_MAX, "form.too_long"))),
});
export type Rating = z.infer<typeof ratingSchema>;
