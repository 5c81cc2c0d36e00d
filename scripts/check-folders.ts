/**
 * `npm run lint:cycles`: the folder rule over every file of `src`, `.astro` pages, layouts and components included.
 * madge and dependency-cruiser read only JavaScript and TypeScript, so they read a copy of `src` in a temporary
 * folder in which each `X.astro` is `X.astro.ts`: its frontmatter and bundled scripts (scripts/lib/astro-imports.ts).
 * An import of `./X.astro` resolves to that file (TypeScript tries `X.astro.ts`), so every edge into and out of an
 * `.astro` file is in the graph. madge then finds any cycle between files, and dependency-cruiser checks the rules of
 * `.dependency-cruiser.cjs` (the browser's layers, services above HTTP, …), and from its graph no two folders side
 * by side, each taken with everything below it, import each other (scripts/lib/folder-cycles.ts: dependency-cruiser's
 * folder scope joins a file only to the folder it sits in). The reports name the real files (`X.astro`, under `src/`).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cruise, format, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { astroImports } from "./lib/astro-imports";
import { folderLoops } from "./lib/folder-cycles";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm run lint:cycles [-- <project folder>]

Checks the imports of every .ts, .tsx and .astro file under <project folder>/src (default: this repository):
  madge: no cycle between files; dependency-cruiser: the rules of .dependency-cruiser.cjs (the browser's layers,
  services know no HTTP, the shop imports no demo seed, no loop of folders); then no two folders side by side,
  each with everything below it, import each other (round a loop or directly).
An .astro file's imports are those of its frontmatter and of the scripts Astro bundles.
Exits 1 on any violation, naming the files.
`);

const REPO = resolve(import.meta.dirname, "..");
const project = resolve(process.argv[2] ?? REPO);

/** A copy of `<project>/src` in which each `.astro` file is `.astro.ts`, holding what it imports. */
function mirror(): string {
  const root = mkdtempSync(join(tmpdir(), "rodamos-folders-"));
  cpSync(join(project, "src"), join(root, "src"), { recursive: true });
  for (const entry of readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".astro")) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(`${file}.ts`, astroImports(readFileSync(file, "utf8")));
    rmSync(file);
  }
  const tsconfig = existsSync(join(project, "tsconfig.json")) ? join(project, "tsconfig.json") : join(REPO, "tsconfig.json");
  cpSync(tsconfig, join(root, "tsconfig.json"));
  // The tsconfig extends Astro's; packages resolve from the repository's node_modules.
  symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"), "dir");
  return root;
}

function run(root: string, tool: string, args: string[]): number {
  const result = spawnSync(join(REPO, "node_modules/.bin", tool), args, { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  process.stdout.write(real(root, result.stdout ?? ""));
  process.stderr.write(real(root, result.stderr ?? ""));
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** A report's text with the real files' names. */
const real = (root: string, text: string) => text.replaceAll(`${root}/`, "").replaceAll(".astro.ts", ".astro");

/** dependency-cruiser's rules, then sibling folders that import each other (scripts/lib/folder-cycles.ts). */
async function cruiseFolders(root: string): Promise<boolean> {
  const options = await extractDepcruiseOptions(join(REPO, ".dependency-cruiser.cjs"));
  const { output } = await cruise(["src"], { ...options, validate: true, outputType: "json" }, {}, { tsConfig: extractTSConfig(join(root, "tsconfig.json")) });
  const result = (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
  const report = await format(result, { outputType: "err" });
  process.stdout.write(real(root, String(report.output)));
  const edges = result.modules.flatMap((module) =>
    module.dependencies.filter((dependency) => dependency.resolved.startsWith("src/")).map((dependency) => [module.source, dependency.resolved] as const),
  );
  const found = folderLoops(edges);
  for (const loop of found) {
    console.log(real(root, `  error folders-import-each-other: ${loop.folders.join(" ⇄ ")}`));
    for (const [from, to] of loop.examples) console.log(real(root, `      ${from} → ${to}`));
  }
  if (found.length > 0) console.log(`\nx ${found.length} loop(s) of folders importing each other (each folder with everything below it).`);
  return report.exitCode !== 0 || found.length > 0;
}

const root = mirror();
let failed = false;
try {
  failed = run(root, "madge", ["--circular", "--no-spinner", "--extensions", "ts,tsx", "src"]) !== 0;
  process.chdir(root);
  failed = (await cruiseFolders(root)) || failed;
} finally {
  process.chdir(REPO);
  rmSync(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
