/** GET /uploads/{key}: the files the shop stored (event pictures), served from its one storage module. */
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/answer";
import { storageFor } from "../storage";

export const uploadRoutes = new Hono<AppEnv>();

uploadRoutes.get("/:key{.+}", async (c) => {
  const file = await storageFor(c.get("deps").env).get(c.req.param("key"));
  if (!file) throw new ApiError(404, "not_found");
  return c.body(new Uint8Array(file.bytes), 200, {
    "content-type": file.contentType,
    // Every stored name is new per upload: the bytes behind a name never change.
    "cache-control": "public, max-age=31536000, immutable",
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  });
});
