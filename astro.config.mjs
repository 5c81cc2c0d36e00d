// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import { build as bundle } from "esbuild";

const ASSET_NAMES = "_astro/[hash][extname]";

export default defineConfig({
  // The origin of the sitemap and every absolute link: PUBLIC_URL, else the port the shop listens on.
  site: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  output: "static",
  outDir: process.env.DIST_DIR ?? "./dist",
  // The shop's builds keep their cache beside its data (src/server/publishing/pages-build.ts), so a catalogue change renders
  // only the pages whose data changed (src/site/cache-key.ts) and copies the others from the last build.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? "./node_modules/.astro",
  experimental: { incrementalBuild: true },
  trailingSlash: "never",
  build: { format: "directory", inlineStylesheets: "auto" },
  prefetch: false,
  integrations: [
    react(),
    {
      // client:interaction (src/client/directives/interaction.ts): the lead forms hydrate when first used.
      name: "rodamos:client-interaction",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "interaction", entrypoint: fileURLToPath(new URL("./src/client/directives/interaction.ts", import.meta.url)) }),
      },
    },
    {
      // The staff screens' service workers (src/service-workers/), built with Workbox's modules into one file each at
      // the site's root, so each can be scoped to its screen; nothing of Workbox is fetched at run time.
      name: "rodamos:service-workers",
      hooks: {
        "astro:build:done": async ({ dir }) => {
          for (const name of ["door-sw", "driver-sw"])
            await bundle({
              entryPoints: [fileURLToPath(new URL(`./src/service-workers/${name}.ts`, import.meta.url))],
              outfile: fileURLToPath(new URL(`${name}.js`, dir)),
              bundle: true,
              minify: true,
              format: "iife",
              target: "es2020",
              // Workbox logs only in development builds.
              define: { "process.env.NODE_ENV": JSON.stringify("production") },
              logLevel: "warning",
            });
        },
      },
    },
    sitemap({
      // Client-only shells (the event shell at /event, search results, account), verification and
      // payment result pages are not for search engines.
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, "");
        return !/\/(event|search|my-account|verify-account|recovery-account|order-detail|order-rejected|response-payment|error404|qr-verification|staff)(\/.*)?$/.test(path) || /\/event\/[^/]+$/.test(path);
      },
    }),
  ],
  vite: {
    // Stylesheets and other assets are named by their content alone, in the client and the prerender builds alike.
    // Astro drops a client CSS file that the prerendered page already links, but the bundler's preload list for a
    // lazily loaded island (the wizard in the event shell) still names the dropped client file: with one name per
    // content, the preload finds the page's copy instead of a 404.
    build: { rolldownOptions: { output: { assetFileNames: ASSET_NAMES } } },
    environments: { client: { build: { rolldownOptions: { output: { assetFileNames: ASSET_NAMES } } } } },
    server: { proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 4321}`, "/shop-api": `http://127.0.0.1:${process.env.PORT ?? 4321}` } },
  },
});
