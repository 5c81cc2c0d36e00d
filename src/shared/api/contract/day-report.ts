/**
 * How the day went: the staff's report of each event date (punctuality from the vans' positions, seats, no-shows,
 * effort, CO2 and ratings), and a passenger's one-tap rating link (no sign-in: the signed token is the key).
 */
import { route, type RouteSpec } from "../route-spec";
import * as requests from "../../schemas/day-report";
import * as answers from "../../schemas/answers/day-report";

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const ratingRefusals = { 404: ["rating_link_invalid"], 410: ["rating_link_expired"], 422: ["validation_failed"] } as const;

export const dayReportRoutes = {
  "GET /shop-api/staff/reports/days": route({
    tag: "staff",
    summary: "Staff: event dates with a published plan, newest first, each with its day's summary (passengers, on-time share, seat use, no-shows, rating)",
    auth: "staff",
    query: requests.daysQuerySchema,
    answer: answers.daysListSchema,
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/reports/days/:eventDateId": route({
    tag: "staff",
    summary: "Staff: how one event date went: totals, legs, each run with its stops' published and actual times, drivers, ratings and the event's trend",
    description:
      "A stop was reached at the van's first position within 100 m of it, or at the driver's \"at the stop\" tap when no position came that near; early is more than 2 min before the published time, late more than 5 min after. Computed in the database from every position of the day.",
    auth: "staff",
    params: requests.dayReportPathSchema,
    query: requests.dayReportQuerySchema,
    answer: answers.dayReportSchema,
    files: [{ mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description: "`format=xlsx`: the runs and the stops as two sheets of typed cells (numbers, dates, text)" }],
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/ratings/:token": route({
    tag: "orders",
    summary: "A passenger's rating link: their trip, and their rating once given",
    description: "No sign-in: the token is the passenger's signed link, mailed after the return's drop-off. Answers until RATING_LINK_DAYS after it, then 410.",
    params: requests.ratingTokenParams,
    answer: answers.ratingViewSchema,
    refusals: { ...ratingRefusals, 409: ["rating_not_open"] },
  }),
  "POST /shop-api/ratings/:token": route({
    tag: "orders",
    summary: "A passenger rates their trip once: 1 to 5 and an optional comment",
    params: requests.ratingTokenParams,
    body: requests.ratingSchema,
    answer: answers.ratingViewSchema,
    refusals: { ...ratingRefusals, 409: ["rating_not_open", "rating_already_given"] },
  }),
} as const satisfies Record<string, RouteSpec>;
