/**
 * The dev-only view of the mail and SMS drops (the folders demo mode writes mails and texts to; the URL keeps its
 * old name): GET /dev/outbox (a page listing the mails with their links), GET /dev/outbox.json
 * (the same as data, for the browser tests) and GET /dev/outbox/{id} (one mail's HTML as sent).
 * Demo mode only, for this machine only (src/server/http/local-only.ts): the mails carry people's reset links.
 * Absent when SMTP is configured too (there is no mail drop then).
 */
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { demoToolsOnly } from "../../http/local-only";
import { ApiError } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { mailDropDir } from "../../mail/mailer";
import { readMailDrop, readDroppedMail } from "../../mail/mail-drop";
import { readSmsDrop } from "../../sms/sms-drop";

export const mailDropRoutes = new Hono<AppEnv>();

mailDropRoutes.use("*", demoToolsOnly);
mailDropRoutes.use("*", async (c, next) => {
  if (c.get("deps").env.SMTP_URL) throw new ApiError(404, "not_found");
  await next();
});

mailDropRoutes.get("/outbox.json", async (c) => {
  const entries = await readMailDrop(mailDropDir(c.get("deps").env.DATA_DIR));
  const to = c.req.query("to")?.toLowerCase();
  return c.json({ success: true, data: to ? entries.filter((entry) => entry.to.toLowerCase() === to) : entries });
});

/** The text messages the shop would have sent (no SMS provider is set), newest first; `to` filters by number. */
mailDropRoutes.get("/outbox/sms.json", async (c) => {
  const entries = await readSmsDrop(c.get("deps").env.DATA_DIR);
  const to = c.req.query("to");
  return c.json({ success: true, data: to ? entries.filter((entry) => entry.to === to) : entries });
});

mailDropRoutes.get("/outbox/:id", async (c) => {
  const entry = await readDroppedMail(mailDropDir(c.get("deps").env.DATA_DIR), c.req.param("id"));
  if (!entry) throw new ApiError(404, "not_found");
  // The mail's own HTML, sandboxed by a strict policy: it is our template, but it carries user input.
  c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:");
  return c.html(entry.html);
});

mailDropRoutes.get("/outbox", async (c) => {
  const entries = await readMailDrop(mailDropDir(c.get("deps").env.DATA_DIR));
  const texts = await readSmsDrop(c.get("deps").env.DATA_DIR);
  const smsRows = texts.map(
    (entry) => html`<li>
      <p><strong>${entry.body}</strong> <span>→ ${entry.to}</span> <time datetime="${entry.sentAt}">${entry.sentAt.replace("T", " ").slice(0, 19)} UTC</time></p>
    </li>`,
  );
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
        <title>Mail drop (development)</title>
        <style>
          body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
          li { margin-bottom: 0.75rem; } time, span { color: #555; font-size: 0.9em; } a { color: #b34700; word-break: break-all; }
        </style>
      </head>
      <body>
        <h1>Mail drop</h1>
        <p>Mails the shop would have sent (no SMTP_URL is set). Development only.</p>
        ${entries.length ? html`<ol>${rows}</ol>` : raw("<p>No mail yet.</p>")}
        <h2>Text messages</h2>
        <p>Text messages the shop would have sent (no SMS provider is set).</p>
        ${texts.length ? html`<ol data-testid="sms-outbox">${smsRows}</ol>` : raw("<p>No text message yet.</p>")}
      </body>
    </html>`);
});
