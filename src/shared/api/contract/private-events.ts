/**
 * The private-event calls (the customer's requests and the staff's review): spread into the shop API's contract
 * (src/shared/api/contract/index.ts). The two uploads take multipart/form-data (the file in the field `file`), not JSON,
 * so they declare no JSON body.
 */
import * as z from "zod/mini";
import { IMAGE_UPLOAD, rowIdPath, SHEET_UPLOAD, type RouteSpec } from "../route-spec";
import { approvePrivateEventSchema } from "../../schemas/private-event-quotes";
import { claimSchema, privateEventSchema, privateEventStateQuery, rejectPrivateEventSchema, staffPrivateEventStateQuery } from "../../schemas/private-events";
import * as answers from "../../schemas/answers/private-events";

const route = <const R extends RouteSpec>(spec: R) => spec;
const idPath = rowIdPath;
const own = { 401: ["unauthorized"], 404: ["not_found"] } as const;
const staff = { 401: ["unauthorized"], 403: ["forbidden"], 404: ["not_found"] } as const;

export const privateEventRoutes = {
  "POST /shop-api/request-events": route({
    tag: "private-events",
    summary: "Create a private event request (saved until its image and guest list are in and it is sent for review)",
    auth: "bearer",
    body: privateEventSchema,
    status: 201,
    answer: answers.createdPrivateEventSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed", "unknown_county", "unknown_province", "request_date_past"] },
  }),
  "PUT /shop-api/request-events/:id": route({
    tag: "private-events",
    summary: "Edit a request while it is saved or under review",
    auth: "bearer",
    params: idPath,
    body: privateEventSchema,
    answer: answers.createdPrivateEventSchema,
    refusals: { ...own, 409: ["request_not_editable"], 422: ["validation_failed", "unknown_county", "unknown_province", "request_date_past"] },
  }),
  "GET /shop-api/event-requests": route({
    tag: "private-events",
    summary: "The caller's requests by state: 1 active (approved), 2 under review (with saved and rejected), 3 saved, 4 finished",
    description: "No request in that state answers `{ message }` instead of a list.",
    auth: "bearer",
    query: privateEventStateQuery,
    answer: answers.privateEventListSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/event-requests/:id": route({
    tag: "private-events",
    summary: "One of the caller's requests",
    auth: "bearer",
    params: idPath,
    answer: answers.privateEventAnswerSchema,
    refusals: own,
  }),
  "POST /shop-api/event-requests/:id/upload-image": route({
    tag: "private-events",
    summary: "The event's picture (multipart/form-data, field `file`): JPEG, PNG, WebP, GIF or AVIF up to 8 MB",
    description: "Re-encoded to the catalogue's banner (1200x600) and card (600x400) WebP sizes, metadata dropped.",
    auth: "bearer",
    params: idPath,
    upload: IMAGE_UPLOAD,
    answer: answers.uploadedImageSchema,
    refusals: { ...own, 409: ["request_not_editable"], 413: ["payload_too_large"], 422: ["upload_missing", "image_unreadable", "image_too_many_pixels"] },
  }),
  "POST /shop-api/event-requests/:id/upload-guests": route({
    tag: "private-events",
    summary: "The guest list (multipart/form-data, field `file`): .xlsx or .xls up to 2 MB, columns name, email, phone (seats optional)",
    description: "Replaces the list. Valid rows are kept; refused rows are listed with their line and reason.",
    auth: "bearer",
    params: idPath,
    upload: SHEET_UPLOAD,
    answer: answers.uploadedGuestsSchema,
    refusals: { ...own, 409: ["request_not_editable"], 413: ["payload_too_large"], 422: ["upload_missing", "guest_list_unreadable", "guest_list_too_long", "guest_list_too_complex", "guest_list_empty"] },
  }),
  "POST /shop-api/event-requests/:id/submit": route({
    tag: "private-events",
    summary: "Send a saved request (with its image and guests) for review",
    auth: "bearer",
    params: idPath,
    answer: answers.reviewedPrivateEventSchema,
    refusals: { ...own, 409: ["request_not_editable"], 422: ["request_incomplete"] },
  }),
  "POST /shop-api/event-requests/:id/cancel": route({
    tag: "private-events",
    summary: "Withdraw a saved or under-review request before staff decide (it reads cancelled; repeating it answers the same)",
    auth: "bearer",
    params: idPath,
    answer: answers.reviewedPrivateEventSchema,
    refusals: { ...own, 409: ["request_not_editable"] },
  }),
  "POST /shop-api/event-requests/:id/repeat": route({
    tag: "private-events",
    summary: "Repeat a finished event: a new saved request with the same fields, image and guests",
    auth: "bearer",
    params: idPath,
    status: 201,
    answer: answers.createdPrivateEventSchema,
    refusals: { ...own, 409: ["request_not_repeatable"] },
  }),
  "GET /shop-api/event-requests/:id/guests": route({
    tag: "private-events",
    summary: "The organiser's guest list with each guest's seat claimed, not claimed or released",
    auth: "bearer",
    params: idPath,
    answer: z.array(answers.guestStatusSchema),
    refusals: own,
  }),
  "GET /shop-api/invited-events": route({
    tag: "private-events",
    summary: "Upcoming private events whose guest list holds the caller's email",
    auth: "bearer",
    answer: z.array(answers.invitedEventSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "POST /shop-api/invitations/claim": route({
    tag: "private-events",
    summary: "Claim the seats of a personal invitation link (the signed-in person's email must be the invited one)",
    auth: "bearer",
    body: claimSchema,
    answer: answers.claimedSchema,
    refusals: { 401: ["unauthorized"], 403: ["event_not_invited"], 404: ["not_found"], 410: ["invitation_expired"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/event-requests": route({
    tag: "staff",
    summary: "Staff: the requests under review (`state=2`) or approved with an unpaid quote (`state=quoted`), each with its owner and guest list",
    auth: "staff",
    query: staffPrivateEventStateQuery,
    answer: z.array(answers.staffPrivateEventSchema),
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/event-requests/:id/approve": route({
    tag: "staff",
    summary: "Staff: approve a request with a quote; publishes its private event and mails the organiser the quote",
    description:
      "Invitations go out once the quote is settled: paid by the organiser, marked invoiced by staff, at once when each guest pays their own seat, or when staff waive the charge (`waive: true`).",
    auth: "staff",
    params: idPath,
    body: approvePrivateEventSchema,
    answer: answers.reviewedPrivateEventSchema,
    refusals: { ...staff, 409: ["request_not_reviewable"], 422: ["validation_failed", "quote_invalid"] },
  }),
  "POST /shop-api/staff/event-requests/:id/reject": route({
    tag: "staff",
    summary: "Staff: reject a request with the reason its owner reads",
    auth: "staff",
    params: idPath,
    body: rejectPrivateEventSchema,
    answer: answers.reviewedPrivateEventSchema,
    refusals: { ...staff, 409: ["request_not_reviewable"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
