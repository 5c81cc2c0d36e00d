/**
 * /door.webmanifest (and /{country}/{locale}/door.webmanifest): the van-door scanner as an installable web app,
 * in the site's language, opening and scoped to the site's /qr-verification (its service worker is scoped there
 * too: door-sw.js).
 */
import type { APIRoute } from "astro";
import { BRAND } from "../../shared/brand";
import { useTranslations } from "../../shared/i18n";
import { localeTag, type Site } from "../../shared/locales";
import { siteStaticPaths } from "../../site/sites";

export const getStaticPaths = siteStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { site } = props as { site: Site };
  const t = useTranslations(site.locale);
  const scanner = `${site.prefix}/qr-verification`;
  const manifest = {
    name: `${t("scanner.title")} · ${BRAND.name}`,
    short_name: BRAND.name,
    lang: localeTag(site.locale),
    start_url: scanner,
    scope: scanner,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0f1f3d",
    icons: [
      { src: "/door-icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/door-icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json" },
  });
};
