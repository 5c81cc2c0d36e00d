/**
 * The day, live: the dispatcher's live view of every published run (staff and admins), and a passenger's tracking
 * link (no sign-in: the signed token is the key). Each has a JSON read and a stream of its changes
 * (Server-Sent Events) that a page falls back from to reading the JSON every 15 s.
 */
import type { RouteSpec } from "../route-spec";
import * as requests from "../../schemas/dispatch";
import * as z from "zod/mini";
import * as answers from "../../schemas/answers/live";
import { dispatchBoardEventSchema } from "../../schemas/answers/dispatch";

const route = <const R extends RouteSpec>(spec: R) => spec;

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const trackingRefusals = { 404: ["tracking_link_invalid"], 410: ["tracking_link_expired"], 422: ["validation_failed"] } as const;

export const liveRoutes = {
  "GET /shop-api/staff/dispatch/live": route({
    tag: "staff",
    summary: "Dispatch, live: every published run of an event date and leg with the van's last position, stops done and to go, who is aboard and the expected times",
    description:
      "Expected times run from the van's last position through the travel times plus the dwell at each stop; `delayMinutes` is against the published time. A passenger checked in by the driver and scanned at the door is one rider. `missing`: not aboard where the van has already been.",
    auth: "staff",
    query: requests.dispatchQuerySchema,
    answer: answers.liveDaySchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/dispatch/live/events": route({
    tag: "staff",
    summary: "Dispatch, live: the board as a stream of Server-Sent Events: a `board` event (the board and the plan) at once and after each change of the plan or its day, and a `run` event (a live run) for each published run and after each of its changes",
    description:
      "A `board` event follows every change of what the board shows, made by anyone: an edit, a publish, a late booking paid (its passenger waiting for a van), an order cancelled, another plan's runs (clashes); heard within about a second. A run published after the stream opened is followed from then on.",
    auth: "staff",
    query: requests.dispatchQuerySchema,
    events: z.union([answers.liveRunSchema, dispatchBoardEventSchema]),
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/tracking/:token": route({
    tag: "orders",
    summary: "A passenger's tracking link: their van's plate, driver's first name and position, the live expected time at their stop and whether they are aboard, for each published leg",
    description: "No sign-in: the token is the passenger's signed link (pick-up mail and text, order detail). Shows nothing of other passengers. Answers until an hour after the passenger's last drop-off, then 410.",
    params: requests.trackingTokenParams,
    answer: answers.trackingSchema,
    refusals: trackingRefusals,
  }),
  "GET /shop-api/tracking/:token/events": route({
    tag: "orders",
    summary: "A passenger's tracking link as a stream of Server-Sent Events: a `tracking` event at once and after every change of their van; the stream ends when the link does",
    params: requests.trackingTokenParams,
    events: answers.trackingSchema,
    refusals: trackingRefusals,
  }),
} as const;
