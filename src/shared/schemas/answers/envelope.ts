/**
 * The API's one answer shape: `{ success: true, data }` or
 * `{ success: false, code, message, fields? }`, `message` and `fields` already in the caller's language.
 */
import * as z from "zod/mini";

export const failureSchema = z.object({
  success: z.literal(false),
  /** Stable, for programs: `validation_failed`, `not_found`, `unknown_country`, ... */
  code: z.string(),
  message: z.string(),
  /** Field name -> translated message, for form refusals. */
  fields: z.optional(z.record(z.string(), z.string())),
});
export type Failure = z.infer<typeof failureSchema>;

export function successOf<S extends z.ZodMiniType>(data: S) {
  return z.object({ success: z.literal(true), data });
}

export type ApiAnswer<T> = { success: true; data: T } | Failure;
