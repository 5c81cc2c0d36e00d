/**
 * The dev-only outbox: GET /dev/outbox (a page listing the mails with their links), GET /dev/outbox.json
 * (the same as data, for the browser tests) and GET /dev/outbox/{id} (one mail's HTML as sent).
 * Absent in production and when SMTP is configured (there is no outbox then).
 */
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { ApiError } from "../http/answer";
import type { AppEnv } from "../http/context";
import { outboxDir } from "./mailer";
import { readOutbox, readOutboxEntry } from "./outbox";

export const outboxRoutes = new Hono<AppEnv>();

outboxRoutes.use("*", async (c, next) => {
  const { env } = c.get("deps");
  if (env.NODE_ENV === "production" || env.SMTP_URL) throw new ApiError(404, "not_found");
  await next();
});

outboxRoutes.get("/outbox.json", async (c) => {
  const entries = await readOutbox(outboxDir(c.get("deps").env.DATA_DIR));
  const to = c.req.query("to")?.toLowerCase();
  return c.json({ success: true, data: to ? entries.filter((entry) => entry.to.toLowerCase() === to) : entries });
});

outboxRoutes.get("/outbox/:id", async (c) => {
  const entry = await readOutboxEntry(outboxDir(c.get("deps").env.DATA_DIR), c.req.param("id"));
  if (!entry) throw new ApiError(404, "not_found");
  // The mail's own HTML, sandboxed by a strict policy: it is our template, but it carries user input.
  c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:");
  return c.html(entry.html);
});

outboxRoutes.get("/outbox", async (c) => {
  const entries = await readOutbox(outboxDir(c.get("deps").env.DATA_DIR));
  const rows = entries.map(
    (entry) => html`<li>
      <p><strong>${entry.subject}</strong> <span>→ ${entry.to}</span> <time datetime="${entry.sentAt}">${entry.sentAt.replace("T", " ").slice(0, 19)} UTC</time></p>
      <ul>${entry.links.map((link) => html`<li><a href="${link}">${link}</a></li>`)}</ul>
      <p><a href="/dev/outbox/${entry.id}">HTML</a></p>
    </li>`,
  );
  return c.html(html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Outbox (development)</title>
        <style>
          body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
          li { margin-bottom: 0.75rem; } time, span { color: #555; font-size: 0.9em; } a { color: #b34700; word-break: break-all; }
        </style>
      </head>
      <body>
        <h1>Outbox</h1>
        <p>Mails the shop would have sent (no SMTP_URL is set). Development only.</p>
        ${entries.length ? html`<ol>${rows}</ol>` : raw("<p>No mail yet.</p>")}
      </body>
    </html>`);
});
