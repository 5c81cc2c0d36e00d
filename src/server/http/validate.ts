/**
 * Request checking with the shared zod schemas (src/shared/schemas), the same ones the forms use.
 * Schema messages are catalogue keys, so the refusal names each field's problem in the caller's language.
 */
import type { Context } from "hono";
import type * as z from "zod/mini";
import { ApiError } from "./answer";
import type { AppEnv } from "./context";

function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join(".") || "_";
    fields[name] ??= issue.message;
  }
  return fields;
}

export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(422, "validation_failed", fieldErrors(result.error));
  return result.data;
}

/** A body sent as anything but JSON (a form post, text) on a JSON route: 415, not a confusing "invalid JSON". */
function sentAsJson(c: Context<AppEnv>): boolean {
  const type = c.req.header("content-type");
  if (!type) return !c.req.header("transfer-encoding") && Number(c.req.header("content-length") ?? 0) === 0;
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());
}

/** The request's JSON body, unchecked: 415 for a body sent as something else, 400 `invalid_json` when it does not parse. */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  if (!sentAsJson(c)) throw new ApiError(415, "unsupported_media_type");
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, "invalid_json");
  }
}
