/** The account's session and sign-in name calls: log-out that ends the session on the server, and the email change. */
import { emailChangeSchema } from "../../schemas/account";
import { oneTimeTokenQuery } from "../../schemas/auth";
import { loggedOutSchema, mailSentSchema } from "../../schemas/answers/account";
import type { RouteSpec } from "../route-spec";

const route = <const R extends RouteSpec>(spec: R) => spec;

export const accountSessionRoutes = {
  "POST /shop-api/logout": route({
    tag: "accounts",
    summary: "Log out: ends the caller's sessions on the server",
    description: "Every token of the account signed before stops working (the account's token version moves on).",
    auth: "bearer",
    answer: loggedOutSchema,
    refusals: { 401: ["unauthorized"] },
  }),
  "POST /shop-api/me/email": route({
    tag: "accounts",
    summary: "Ask to change the sign-in email: mails a confirmation link to the new address",
    description: "Needs the current password. The email changes only when the link is opened; the old address is then told.",
    auth: "bearer",
    body: emailChangeSchema,
    answer: mailSentSchema,
    refusals: { 401: ["unauthorized"], 403: ["wrong_password"], 409: ["email_already_registered"], 422: ["validation_failed", "email_unchanged"], 429: ["too_many_attempts"] },
  }),
  "GET /shop-api/confirm-email": route({
    tag: "accounts",
    summary: "Open the mailed email-change link: the new email takes effect and every session ends",
    query: oneTimeTokenQuery,
    redirect: { status: 303, to: "the site's home, `?email-change=confirmed` or `?email-change={code}`" },
  }),
} as const satisfies Record<string, RouteSpec>;
