/**
 * The folder rule, checked by `npm run lint:cycles` (part of `npm test`): no two folders import each other, directly
 * or round a longer loop. A folder here is every directory under src, with everything below it: src/server/http,
 * src/server/services/orders, src/islands/staff/… A file may import its own folder's parent (a feature's files use
 * what the folder above them holds), never a sibling folder that imports it back. Type-only imports count: a type
 * names where a thing lives just as a value does. Tests are left out: a test may reach into whatever it checks.
 *
 * The allowed directions (docs/architecture.md "Layers"): pages and islands → stores → client → shared; the
 * composition root (app.ts, composition.ts, server.ts) → routes → services → db; the seed (demo data) above the
 * services; around them auth → http, publishing → http, and every folder → shared. Between domain folders, the one
 * acting on another's rows imports it (refunds → orders, checkin → orders, admin → orders); the purchase's entry
 * points (services/purchase: buying, and confirming a payment or a transfer) sit above orders, shares and
 * private-events, with shares → private-events → orders; what several share lives below all of them
 * (services/audit, services/notices, services/invited-seats, services/catalogue/rows). No loop is let through.
 */
const FIX =
  "Two folders import each other (possibly round a loop). Move the shared piece down to a folder both may import, or pass a function in from the composition root (src/server/composition.ts).";

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycles",
      comment: FIX,
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
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
