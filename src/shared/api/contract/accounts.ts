/** Sign-up, log-in and the customer's own data under /shop-api. */
import * as z from "zod/mini";
import { route, rowIdPath, type RouteSpec } from "../route-spec";
import { frequentAddressSchema, frequentFriendSchema, myAddressSchema, profileSchema } from "../../schemas/account";
import { loginSchema, oneTimeTokenQuery, recoverySchema, resetPasswordSchema, signUpSchema } from "../../schemas/auth";
import { signedInEventRefPathSchema } from "../../schemas/catalogue";
import * as account from "../../schemas/answers/account";
import * as catalogue from "../../schemas/answers/catalogue";

const tokenQuery = oneTimeTokenQuery;
const onlyOwnRows = { 401: ["unauthorized"], 404: ["not_found"], 422: ["validation_failed"] } as const;

export const accountRoutes = {
  "POST /shop-api/register": route({
    tag: "accounts",
    summary: "Sign up; mails the verification link",
    body: signUpSchema,
    status: 201,
    answer: account.registeredSchema,
    refusals: { 409: ["email_already_registered"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "GET /shop-api/verify-account": route({
    tag: "accounts",
    summary: "Verify an account with the mailed link's token",
    query: tokenQuery,
    answer: account.verifiedSchema,
    refusals: { 400: ["token_invalid"], 410: ["token_expired", "token_used"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/resend-verification": route({
    tag: "accounts",
    summary: "Mail the verification link again",
    body: recoverySchema,
    answer: account.mailSentSchema,
    refusals: { 404: ["email_not_registered"], 409: ["account_already_verified"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "POST /shop-api/login": route({
    tag: "accounts",
    summary: "Log in: a bearer token",
    body: loginSchema,
    answer: account.loginAnswerSchema,
    refusals: { 401: ["login_error"], 403: ["account_not_verified"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "POST /shop-api/recovery": route({
    tag: "accounts",
    summary: "Mail a password recovery link",
    body: recoverySchema,
    answer: account.mailSentSchema,
    refusals: { 404: ["email_not_registered"], 422: ["validation_failed"], 429: ["too_many_attempts"] },
  }),
  "POST /shop-api/reset-password": route({
    tag: "accounts",
    summary: "Set a new password with the recovery link's token",
    description: "A mismatch (422 `passwords_must_match`) does not spend the link.",
    query: tokenQuery,
    body: resetPasswordSchema,
    answer: account.passwordResetSchema,
    refusals: { 400: ["token_invalid"], 410: ["token_expired", "token_used"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/session": route({
    tag: "accounts",
    summary: "The session check that follows log-in",
    auth: "bearer",
    answer: account.sessionAnswerSchema,
    refusals: { 401: ["unauthorized"] },
  }),
  "GET /shop-api/me": route({
    tag: "accounts",
    summary: "The caller's profile, with frequent friends and addresses",
    auth: "bearer",
    answer: account.profileAnswerSchema,
    refusals: { 401: ["unauthorized"] },
  }),
  "PUT /shop-api/me": route({
    tag: "accounts",
    summary: "Save the caller's profile",
    description: "`email` must be the current one: a new email goes through POST /shop-api/me/email.",
    auth: "bearer",
    body: profileSchema,
    answer: account.profileAnswerSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed", "email_change_needs_password"] },
  }),
  "GET /shop-api/frequent-friends": route({
    tag: "accounts",
    summary: "The caller's frequent friends",
    auth: "bearer",
    answer: z.array(account.frequentFriendSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "POST /shop-api/frequent-friends": route({
    tag: "accounts",
    summary: "Add a frequent friend",
    auth: "bearer",
    body: frequentFriendSchema,
    status: 201,
    answer: account.frequentFriendSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed"] },
  }),
  "PUT /shop-api/frequent-friends/:id": route({
    tag: "accounts",
    summary: "Edit a frequent friend",
    auth: "bearer",
    params: rowIdPath,
    body: frequentFriendSchema,
    answer: account.frequentFriendSchema,
    refusals: onlyOwnRows,
  }),
  "DELETE /shop-api/frequent-friends/:id": route({
    tag: "accounts",
    summary: "Delete a frequent friend",
    auth: "bearer",
    params: rowIdPath,
    answer: account.deletedSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/frequent-addresses": route({
    tag: "accounts",
    summary: "The caller's frequent addresses",
    auth: "bearer",
    answer: z.array(account.frequentAddressSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "POST /shop-api/frequent-addresses": route({
    tag: "accounts",
    summary: "Add a frequent address (marking it own unmarks the others)",
    auth: "bearer",
    body: frequentAddressSchema,
    status: 201,
    answer: account.frequentAddressSchema,
    refusals: { 401: ["unauthorized"], 422: ["validation_failed"] },
  }),
  "PUT /shop-api/frequent-addresses/:id": route({
    tag: "accounts",
    summary: "Edit a frequent address",
    auth: "bearer",
    params: rowIdPath,
    body: frequentAddressSchema,
    answer: account.frequentAddressSchema,
    refusals: onlyOwnRows,
  }),
  "DELETE /shop-api/frequent-addresses/:id": route({
    tag: "accounts",
    summary: "Delete a frequent address",
    auth: "bearer",
    params: rowIdPath,
    answer: account.deletedSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "PUT /shop-api/frequent-addresses/:id/my-address": route({
    tag: "accounts",
    summary: "Mark (no body) or unmark (`{ myAddress: 0 }`) the caller's own address; answers the whole list",
    auth: "bearer",
    params: rowIdPath,
    body: myAddressSchema,
    answer: z.array(account.frequentAddressSchema),
    refusals: onlyOwnRows,
  }),
  "GET /shop-api/payment-history": route({
    tag: "accounts",
    summary: "The caller's purchases, newest first",
    auth: "bearer",
    answer: z.array(account.purchaseItemSchema),
    refusals: { 401: ["unauthorized"] },
  }),
  "GET /shop-api/events/:ref": route({
    tag: "accounts",
    summary: "One event for a signed-in caller: a private event's owner and guests get all of it, others its message",
    auth: "bearer",
    params: signedInEventRefPathSchema,
    answer: catalogue.eventViewSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"], 410: ["event_gone"] },
  }),

} as const satisfies Record<string, RouteSpec>;
