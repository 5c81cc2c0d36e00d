/**
 * Reading an uploaded file from a multipart/form-data request (field `file`), under the route's own size limit:
 * the shop's 64 kB JSON limit does not apply to the upload routes (app.ts), this one does.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ShopError } from "../../shared/domain/shop-error";
import { ApiError, fail } from "../http/answer";
import type { AppEnv } from "../http/context";
import { MULTIPART_OVERHEAD } from "./limits";

/** The paths whose bodies are files, kept out of the JSON body limit. */
export const UPLOAD_PATH = /^\/shop-api\/(?:event-requests\/[^/]+\/upload-(?:image|guests)|admin\/images|staff\/reports\/reconciliation\/settlement)\/?$/;

/** A body past `maxFileBytes` (plus the form's own bytes) is refused 413 and the socket closed, as app.ts does. */
export function uploadLimit(maxFileBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD,
    onError: (c) => {
      c.header("connection", "close");
      return fail(c, new ApiError(413, "payload_too_large"));
    },
  });
}

/** The bytes of the form's `file`; refuses `upload_missing` (no file, or not a form) and 413 past the limit. */
export async function readUpload(c: Context<AppEnv>, maxFileBytes: number): Promise<Buffer> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) throw new ShopError("upload_missing", { file: "errors.upload_missing" });
  let file: unknown;
  try {
    file = (await c.req.parseBody())["file"];
  } catch {
    throw new ShopError("upload_missing", { file: "errors.upload_missing" });
  }
  if (!(file instanceof File) || file.size === 0) throw new ShopError("upload_missing", { file: "errors.upload_missing" });
  if (file.size > maxFileBytes) throw new ApiError(413, "payload_too_large");
  return Buffer.from(await file.arrayBuffer());
}
