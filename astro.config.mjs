// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";

export default defineConfig({
  site: process.env.PUBLIC_URL ?? "http://localhost:4321",
  output: "static",
  outDir: process.env.DIST_DIR ?? "./dist",
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
    sitemap({
      // Client-only shells (the event shell at /event, search results, account), verification and
      // payment result pages are not for search engines.
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, "");
        return !/\/(event|search|my-account|verify-account|recovery-account|order-detail|order-rejected|response-payment|error404|qr-verification)(\/.*)?$/.test(path) || /\/event\/[^/]+$/.test(path);
      },
    }),
  ],
  vite: {
    server: { proxy: { "/api": "http://127.0.0.1:4321", "/shop-api": "http://127.0.0.1:4321" } },
  },
});
