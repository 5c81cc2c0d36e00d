/**
 * The folder rule, checked by `npm run lint:cycles` (scripts/check-folders.ts, part of `npm test`), over every .ts,
 * .tsx and .astro file of src (an .astro file through its frontmatter and bundled scripts): no two folders import each
 * other, directly or round a longer loop. A folder is every directory under src, with everything below it:
 * src/server/http, src/server/services/orders, src/islands/staff/… A file may import its own folder's parent (a
 * feature's files use what the folder above them holds), never a sibling folder that imports it back. The
 * `no-folder-cycles` rule below joins a file only to the folder it sits in; scripts/lib/folder-cycles.ts checks the
 * folders side by side, each with everything below it, from the same graph. Type-only imports count: a type names
 * where a thing lives just as a value does. Tests are left out: a test may reach into whatever it checks.
 *
 * The allowed directions (docs/architecture.md "Layers"): in the browser, the table below; the composition root
 * (app.ts, composition.ts, server.ts) → routes → services → db; the seed (demo data) above the services; around them
 * auth → http, publishing → http, and every folder → shared. Between domain folders, the one acting on another's rows
 * imports it (door → orders, admin → orders); services/orders is the base, importing no other domain
 * (`orders-is-the-base`), with the folders that build on it above (order-desk, order-detail, self-cancel,
 * order-notices, sweeper, purchase-checks, refunds, dispatch, waiting-list, …) and below every domain only
 * order-life, payment-life, notices and audit (`below-every-domain`); the purchase's entry points (services/purchase:
 * buying, and confirming a payment or a transfer) sit above orders, shares and private-events, with shares →
 * private-events → orders; what several share lives below all of them (services/audit, services/notices,
 * services/invited-seats, services/catalogue/rows). No loop is let through.
 */
/**
 * The browser's layers (docs/architecture.md "Layers"): each folder imports only the folders listed for it (and
 * itself), so a layer never reaches one above it or beside it. Pages compose layouts; layouts hold the page's frame
 * and its one script, and may mount islands; Astro components and React islands sit side by side and never import
 * each other; the pages' build-time data (site) and the stores sit below them; the API client and the React views
 * below the stores, beside each other; shared below all (the server imports it too).
 */
const BROWSER_LAYERS = {
  pages: ["layouts", "components", "islands", "site", "stores", "client", "views", "shared"],
  layouts: ["components", "islands", "site", "stores", "client", "views", "shared"],
  components: ["site", "stores", "client", "views", "shared"],
  islands: ["stores", "client", "views", "shared"],
  site: ["shared"],
  stores: ["client", "shared"],
  client: ["shared"],
  views: ["shared"],
  shared: [],
};
const BROWSER = Object.keys(BROWSER_LAYERS);

const browserLayerRules = Object.entries(BROWSER_LAYERS).map(([folder, below]) => ({
  name: `browser-layers-${folder}`,
  comment: `src/${folder} imports only ${below.length > 0 ? below.map((name) => `src/${name}`).join(", ") : "itself"} of the browser's folders (docs/architecture.md "Layers"): move what both need down a layer, or hand it in from the layer above (src/layouts/page-script.ts hands the header how to open the auth dialogs).`,
  severity: "error",
  from: { path: `^src/${folder}/` },
  to: { path: `^src/(${BROWSER.filter((name) => name !== folder && !below.includes(name)).join("|")})/` },
}));

/** What lies below every domain folder of src/server/services: the one writers of the order's and the payment's state, the queue of notices and the audit log. */
const BELOW_DOMAINS = ["order-life", "payment-life", "notices", "audit"];

const FIX =
  "Two folders import each other (possibly round a loop). Move the shared piece down to a folder both may import, or pass a function in from the composition root (src/server/composition.ts).";

module.exports = {
  forbidden: [
    ...browserLayerRules,
    {
      name: "browser-knows-no-server",
      comment:
        "Nothing outside src/server imports the server but its types: the browser's folders talk to it through the API client (src/client) and the contract in src/shared.",
      severity: "error",
      from: { path: `^src/(${BROWSER.join("|")}|service-workers)/` },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-knows-no-browser",
      comment: "The server imports, of the browser's folders, only src/shared: pages, islands and stores are built from its API, never imported by it.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: `^src/(${BROWSER.filter((name) => name !== "shared").join("|")}|service-workers)/` },
    },
    {
      name: "no-folder-cycles",
      comment: FIX,
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "orders-is-the-base",
      comment:
        "services/orders is the base of the order's domain (its states, pricing, payment records, discounts, placing an order): it imports no other domain folder, only what lies below every domain (order-life, payment-life, notices, audit). The folders that build on an order (order-desk, order-detail, self-cancel, order-notices, sweeper, refunds, dispatch, waiting-list, …) import it; hand a step of theirs in as a function (placeOrder's `inTransaction`) rather than importing them.",
      severity: "error",
      from: { path: "^src/server/services/orders/" },
      to: { path: "^src/server/services/", pathNot: `^src/server/services/(orders|${BELOW_DOMAINS.join("|")})/` },
    },
    {
      name: "below-every-domain",
      comment:
        "The order's and the payment's lives, the queue of notices and the audit log's writer lie below every domain folder (each writes for all of them): they import only one another, never a domain above.",
      severity: "error",
      from: { path: `^src/server/services/(${BELOW_DOMAINS.join("|")})/` },
      to: { path: "^src/server/services/", pathNot: `^src/server/services/(${BELOW_DOMAINS.join("|")})/` },
    },
    {
      name: "services-know-no-http",
      comment:
        "The shop's rules know nothing of HTTP: a service (or the outbox, mail, SMS, exports and database code it uses) takes what it needs as arguments or from src/server/request-context.ts, never from src/server/http, the route handlers or the app.",
      severity: "error",
      from: { path: "^src/server/(services|outbox|mail|sms|exports|db)/" },
      to: { path: ["^src/server/http/", "^src/server/routes/", "^src/server/app\\.ts$"] },
    },
    {
      name: "no-demo-in-the-shop",
      comment:
        "The demo seed (src/server/seed) writes demo data; the running shop imports nothing from it. Demo-only code lives with the seed, and only the scripts that seed (scripts/) import it.",
      severity: "error",
      from: { pathNot: "^src/server/seed/" },
      to: { path: "^src/server/seed/" },
    },
  ],
  options: {
    includeOnly: "^src/",
    exclude: { path: "\\.test\\.tsx?$" },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
