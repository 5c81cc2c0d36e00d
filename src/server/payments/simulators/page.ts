/**
 * The simulators' HTML: one small, self-contained page (inline styles, no remote assets), plainly marked as a
 * test payment page, in the caller's language. Values are escaped by hono/html.
 */
import type { Context } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { useTranslations, type Translate } from "../../../shared/i18n";
import { localeTag } from "../../../shared/locales";
import type { AppEnv } from "../../http/context";

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f3f4f6; color: #111827; }
main { box-sizing: border-box; width: min(32rem, calc(100% - 2rem)); margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
.badge { display: inline-block; margin: 0 0 1rem; padding: 0.25rem 0.75rem; border-radius: 999px;
  background: #fde68a; color: #78350f; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; font-size: 0.8rem; }
h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
.notice { color: #374151; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 1.25rem 0; }
dt { font-weight: 600; color: #374151; }
dd { margin: 0; overflow-wrap: anywhere; }
fieldset { border: 0; padding: 0; margin: 1.25rem 0 0; display: grid; gap: 0.75rem; }
legend { font-weight: 600; margin-bottom: 0.75rem; }
button, .button { font: inherit; font-weight: 600; padding: 0.8rem 1rem; border-radius: 0.5rem; border: 2px solid transparent;
  cursor: pointer; text-align: center; text-decoration: none; display: block; width: 100%; box-sizing: border-box; }
button:focus-visible, .button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.approve { background: #166534; color: #fff; }
.reject { background: #991b1b; color: #fff; }
.cancel, .button { background: #fff; color: #1f2937; border-color: #6b7280; }
.timeout { background: #fff; color: #1f2937; border-color: #d1d5db; font-weight: 400; }
`;

export interface PageOptions {
  title: string;
  provider: string;
  body: Markup;
  status?: ContentfulStatusCode;
  /** Submits the page's first form on load (a return by POST, as Webpay does on an abort). */
  autoSubmit?: boolean;
}

export function translator(c: Context<AppEnv>): Translate {
  return useTranslations(c.get("locale"));
}

export function renderPage(c: Context<AppEnv>, options: PageOptions) {
  const t = translator(c);
  const page = html`<!doctype html>
<html lang="${localeTag(c.get("locale"))}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${t("payments.sim.badge")} · ${options.title}</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <main>
      <p class="badge" role="note">${t("payments.sim.badge")}</p>
      <h1>${options.title}</h1>
      <p class="notice">${t("payments.sim.notice", { provider: options.provider })}</p>
      ${options.body}
    </main>
    ${options.autoSubmit ? raw("<script>document.forms[0].submit();</script>") : ""}
  </body>
</html>`;
  // A payment page must never be cached or framed by another site.
  c.header("cache-control", "no-store");
  c.header("x-frame-options", "DENY");
  c.header("referrer-policy", "no-referrer");
  return c.html(page, options.status ?? 200);
}

/** A page that says a payment link is unknown or already used, with a way back when one is known. */
export function messagePage(
  c: Context<AppEnv>,
  provider: string,
  kind: "unknown" | "done",
  backUrl?: string,
) {
  const t = translator(c);
  const title = kind === "unknown" ? t("payments.sim.unknown_title") : t("payments.sim.done_title");
  const text = kind === "unknown" ? t("payments.sim.unknown_body") : t("payments.sim.done_body");
  return renderPage(c, {
    title,
    provider,
    status: kind === "unknown" ? 404 : 409,
    body: html`<p>${text}</p>
      ${backUrl ? html`<p><a class="button" href="${backUrl}">${t("payments.sim.continue")}</a></p>` : ""}`,
  });
}

/** Hidden form fields, auto-submitted to the shop: how a provider returns by POST. */
export function returnByPost(c: Context<AppEnv>, provider: string, action: string, fields: Record<string, string>) {
  const t = translator(c);
  return renderPage(c, {
    title: t("payments.sim.returning"),
    provider,
    autoSubmit: true,
    body: html`<form method="post" action="${action}">
      ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
      <button type="submit" class="cancel">${t("payments.sim.continue")}</button>
    </form>`,
  });
}
