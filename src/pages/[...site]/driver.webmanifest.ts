/**
 * /driver.webmanifest (and /{country}/{locale}/driver.webmanifest): the driver's phone as an installable web app,
 * in the site's language, opening and scoped to the site's /staff/driver (its service worker is scoped there too:
 * driver-sw.js), with its own icons so it stands apart from the door's scanner on a shared phone.
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
  const driver = `${site.prefix}/staff/driver`;
  const manifest = {
    name: `${t("driver.title")} · ${BRAND.name}`,
    short_name: BRAND.name,
    lang: localeTag(site.locale),
    id: driver,
    start_url: driver,
    scope: driver,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0f1f3d",
    icons: [
      { src: "/driver-icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/driver-icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/driver-icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json" },
  });
};
