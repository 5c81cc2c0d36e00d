/**
 * The publisher's warm renderer: a child process (started by renderer.ts) that runs one full `astro build` and
 * then stays, holding the server bundle that build made, to render the pages a catalogue change touches without
 * bundling anything again. The two Vite bundles are what a build spends most of its time on; rendering a page from
 * the loaded bundle takes milliseconds. The parent talks to it over IPC, one request at a time:
 *
 * - `{ id, kind: "build", outDir, apiUrl, publicUrl, cacheDir }`: a full build into `outDir` (Astro's incremental
 *   cache still copies the pages whose keys did not change), keeping the bundle loaded.
 * - `{ id, kind: "render", outDir, apiUrl }`: asks every page for its key again (getStaticPaths, against the live
 *   API), renders into `outDir` (a copy of the served build made of hard links) the pages whose key changed or that
 *   have none, and answers their files. When the set of pages changed (an event added or removed: the sitemap lists
 *   the pages) it answers `full`: the parent then starts a fresh renderer for a full build.
 *
 * Plain JavaScript, run by Node itself: Astro's build loads its config through Vite, which a TypeScript loader in
 * the same process would get in the way of.
 */
import module from "node:module";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";

const root = process.cwd();

/**
 * The bundle's own imports resolve without asking the disk. Astro deletes `{outDir}/.prerender` once a full build is
 * done, and every chunk is loaded before that (loadEveryChunk); but a page rendered later still runs the bundle's
 * `import("./chunks/…")`, and Node 20 checks that the file exists whenever a resolve hook is registered (Vite
 * registers one during a build), even for a module it holds: "Cannot find module" and no page published. A relative
 * import made from inside `.prerender` is answered with its URL, which names the loaded module.
 */
function resolvePrerendered(specifier, context, nextResolve) {
  const relative = specifier.startsWith("./") || specifier.startsWith("../");
  if (relative && context.parentURL?.includes("/.prerender/")) return { url: new URL(specifier, context.parentURL).href, shortCircuit: true };
  return nextResolve(specifier, context);
}
// In the loading thread where Node has it (22.15 and later); Node 20 runs hooks in a thread of their own.
if (module.registerHooks) module.registerHooks({ resolve: resolvePrerendered });
else module.register(`data:text/javascript,${encodeURIComponent(`export const resolve = ${resolvePrerendered.toString()};`)}`);
const astroDist = (path) => pathToFileURL(join(root, "node_modules/astro/dist", path)).href;

/** @type {any} */
let prerenderer;
/** Pathname → its key at the last render (undefined: a page without a key, rendered each time). */
let keys = new Map();
let generation = 0;

/** Astro prerenders into `{outDir}/.prerender` and deletes it after the build: every chunk is loaded before that. */
async function loadEveryChunk(dir) {
  const { readdir } = await import("node:fs/promises");
  const files = await readdir(dir, { recursive: true });
  for (const file of files.filter((name) => name.endsWith(".mjs")).sort()) await import(pathToFileURL(join(dir, file)).href);
}

/** Astro's own order and de-duplication of the static paths (core/build/generate.js). */
function uniquePaths(paths) {
  const seen = new Set();
  const ordered = [];
  for (const phase of [false, true]) {
    for (const path of paths) {
      if ((path.route.type === "fallback") !== phase) continue;
      const normalized = path.pathname.replace(/\/$/, "");
      if (seen.has(normalized)) continue;
      seen.add(normalized);
      ordered.push(path);
    }
  }
  return ordered;
}

function remember(paths) {
  keys = new Map(uniquePaths(paths).map((path) => [path.pathname, path.cacheKey]));
}

function setEnvironment(message) {
  process.env.SHOP_API_URL = message.apiUrl;
  // src/site/shop-api.ts keeps each API answer for one rendering pass: a new id is a new pass.
  process.env.PAGES_RENDER_ID = `${process.pid}-${(generation += 1)}`;
}

async function fullBuild(message) {
  setEnvironment(message);
  process.env.DIST_DIR = message.outDir;
  process.env.PUBLIC_URL = message.publicUrl;
  process.env.ASTRO_CACHE_DIR = resolve(message.cacheDir);
  process.env.ASTRO_TELEMETRY_DISABLED = "1";
  const { build } = await import("astro");
  // Where Astro prerenders (prerender/utils.js): inside outDir when that is under the working folder, else .astro/.
  const outDir = resolve(message.outDir);
  const prerenderDir = join(outDir.startsWith(root) ? outDir : join(root, ".astro"), ".prerender");
  await build({
    root,
    logLevel: process.env.ASTRO_VERBOSE ? "info" : "silent",
    integrations: [
      {
        name: "rodamos:warm-renderer",
        hooks: {
          "astro:build:start": ({ setPrerenderer }) =>
            setPrerenderer((/** @type {any} */ standard) => ({
              ...standard,
              name: "rodamos:warm-renderer",
              async setup() {
                await standard.setup();
                await loadEveryChunk(prerenderDir);
                prerenderer = standard;
              },
              async getStaticPaths() {
                const paths = await standard.getStaticPaths();
                remember(paths);
                return paths;
              },
              render: (request, options) => standard.render(request, options),
              teardown: async () => {},
            })),
        },
      },
    ],
  });
  if (!prerenderer) throw new Error("the build kept no renderer");
  return { pages: keys.size };
}

/** Writes beside and renames over: the file in `outDir` may be a hard link to the served build's. */
async function writeAside(file, body) {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.render-${randomBytes(4).toString("hex")}`;
  await writeFile(temporary, body);
  await rename(temporary, file);
}

async function render(message) {
  if (!prerenderer) throw new Error("no full build yet");
  setEnvironment(message);
  const { renderPath } = await import(astroDist("core/build/generate.js"));
  const app = prerenderer.app;
  // getStaticPaths answers are kept per route for a build: this pass asks again.
  app.routeCache.clearAll();
  const paths = uniquePaths(await prerenderer.getStaticPaths());
  const samePages = paths.length === keys.size && paths.every((path) => keys.has(path.pathname));
  if (!samePages) return { full: true };
  const options = app.getOptions();
  const outDir = options.settings.config.outDir.href;
  const rendered = [];
  for (const path of paths) {
    if (path.cacheKey !== undefined && keys.get(path.pathname) === path.cacheKey) continue;
    const result = await renderPath({ prerenderer, pathname: path.pathname, route: path.route, options, logger: options.logger });
    // Astro records every output of a route here; the pass's own list is enough.
    path.route.distURL = undefined;
    if (!result) continue;
    const relative = decodeURIComponent(result.outFile.href.slice(outDir.length));
    await writeAside(join(message.outDir, relative), result.body);
    rendered.push(relative);
  }
  remember(paths);
  return { rendered };
}

process.on("message", async (/** @type {any} */ message) => {
  try {
    const answer = message.kind === "build" ? await fullBuild(message) : await render(message);
    process.send?.({ id: message.id, ok: true, ...answer });
  } catch (error) {
    process.send?.({ id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
process.on("disconnect", () => process.exit(0));
process.send?.({ ready: true });
