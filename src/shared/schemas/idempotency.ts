/**
 * The `Idempotency-Key` header a purchase or a share's payment may carry: any visible ASCII text of 8 to 255
 * characters the client draws once per purchase (a UUID) and sends again with every retry of it.
 */
import * as z from "zod/mini";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z.optional(
    z.string().check(
      z.regex(/^[\x21-\x7E]{8,255}$/, "errors.invalid_value"),
      z.meta({
        description:
          "Drawn once per purchase (a UUID) and sent again with every retry of it. The same key and body within 24 hours are answered with the first answer (the same order and payment start), without a second order; the same key with another body is refused 422 `idempotency_key_reused`; a repeat sent while the first is still running waits for its answer (409 `idempotency_key_in_use` if that takes over 30 seconds).",
      }),
    ),
  ),
});
export type IdempotencyHeaders = z.infer<typeof idempotencyHeadersSchema>;
