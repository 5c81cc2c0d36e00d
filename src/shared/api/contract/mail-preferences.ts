/** Mail preferences of people who never signed up: the one-click unsubscribe of the invitations they get. */
import * as z from "zod/mini";
import { emailField } from "../../schemas/fields";
import type { RouteSpec } from "../route-spec";

const route = <const R extends RouteSpec>(spec: R) => spec;

export const unsubscribeQuerySchema = z.object({
  email: emailField,
  sig: z.string({ error: "token_invalid" }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, "token_invalid")),
});

export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });

export const mailPreferenceRoutes = {
  "POST /shop-api/unsubscribe": route({
    tag: "accounts",
    summary: "One-click unsubscribe (RFC 8058) from the mails sent to people who never signed up",
    description:
      "The URL of an invitation's `List-Unsubscribe` header, posted by the mail client with `List-Unsubscribe=One-Click` (the body is not read). " +
      "The address gets no more invitations. `sig` is the shop's signature of the address; answering twice is harmless.",
    query: unsubscribeQuerySchema,
    answer: unsubscribedSchema,
    refusals: { 400: ["token_invalid"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
