/**
 * The bare Hono app `npm run bench:reads` compares the shop with: the very app of ../shared/tools/reads-as-shipped.sh
 * (one JSON text from a file, sent by c.body() at every path), plain JavaScript so it runs on Node as it is, with
 * no loader and no NODE_OPTIONS of the project (the script starts it from a shell). With a third argument `json`
 * the text is parsed once and serialised by c.json() on each request instead, as a Hono app usually answers.
 *   node scripts/bench/lib/bare-hono.mjs PORT FILE [text|json]
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { readFileSync } from "node:fs";

const [port, file, mode = "text"] = process.argv.slice(2);
const payload = readFileSync(file, "utf8");
const object = mode === "json" ? JSON.parse(payload) : undefined;
const app = new Hono();
app.get("*", (c) => (object === undefined ? c.body(payload, 200, { "content-type": "application/json" }) : c.json(object)));
process.on("SIGTERM", () => process.exit(0));
serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" });
