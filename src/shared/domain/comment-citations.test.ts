/**
 * Comments state the rule and why, never where it came from: a comment in src that sends the reader to a
 * document outside the repository (a specification, an issue tracker, a design or style note kept elsewhere)
 * is a dead end for whoever reads the code later, so this test reads every comment in src and fails on one.
 * Documents of the repository itself (docs/*.md, README.md) may be named; public standards (RFC 5545) too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const SRC = join(ROOT, "src");
const SELF = relative(SRC, import.meta.filename).split("\\").join("/");

/** "the spec", "spec section 4", "specification" (not `route-spec.ts`, `x.spec.ts` or `RouteSpec`). */
const SPEC = /(?<![-\w./])spec(?:s|ification)?\b(?!\.\w)/i;
/** "issue 9", "issues 4 and 10", "issue #12". */
const ISSUE = /\bissues?\s+#?\d+/i;
const SECTION_SIGN = /§/;
/** A Markdown file named in a comment: it must be one of the repository's own. */
const MARKDOWN = /([\w./-]*[\w-]+\.md)\b/g;

function markdownOutsideRepo(text: string): string | undefined {
  for (const [, name] of text.matchAll(MARKDOWN)) {
    const inRepo = name!.includes("/") ? existsSync(join(ROOT, name!)) : existsSync(join(ROOT, name!)) || existsSync(join(ROOT, "docs", name!));
    if (!inRepo) return name;
  }
  return undefined;
}

/** Why a comment's text cites an outside document, or undefined. */
export function outsideCitation(text: string): string | undefined {
  const markdown = markdownOutsideRepo(text);
  if (markdown) return `names ${markdown}, which is not in the repository`;
  const match = SPEC.exec(text) ?? ISSUE.exec(text) ?? SECTION_SIGN.exec(text);
  return match ? `cites "${match[0]}"` : undefined;
}

/** The comments of a source file with the line each starts on: `//`, `/* … *\/` and, in Astro files, `<!-- … -->`. */
export function commentsOf(source: string): [number, string][] {
  const found: [number, string][] = [];
  const lineAt = (index: number) => source.slice(0, index).split("\n").length;
  for (const match of source.matchAll(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g)) found.push([lineAt(match.index), match[0]]);
  // A line comment starts where `//` follows neither a colon (URLs) nor a quote or word character (strings, paths).
  for (const match of source.matchAll(/(?<![:"'`\w/*])\/\/(?!\/).*$/gm)) found.push([lineAt(match.index), match[0]]);
  return found.sort((a, b) => a[0] - b[0]);
}

function sourceFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((name) => name.split("\\").join("/"))
    .filter((name) => /\.(ts|tsx|mjs|astro|css)$/.test(name) && name !== SELF);
}

describe("comments cite no document outside the repository", () => {
  it("finds a citation of each kind, and none in the rule itself", () => {
    expect(outsideCitation("Spec section 9: at most 20 events.")).toBeDefined();
    expect(outsideCitation("as the storefront spec's toast says")).toBeDefined();
    expect(outsideCitation("(account.md section 5)")).toBeDefined();
    expect(outsideCitation("DESIGN.md \"Payments\"")).toBeDefined();
    expect(outsideCitation("The back office (issue 10): REST")).toBeDefined();
    expect(outsideCitation("see § 4")).toBeDefined();
    expect(outsideCitation("The landing previews at most 20 mass events.")).toBeUndefined();
    expect(outsideCitation("declared with `route()` of route-spec.ts (`RouteSpec`); journeys in tests/e2e/x.spec.ts")).toBeUndefined();
    expect(outsideCitation("docs/decisions.md \"Private events: uploads\", README.md, decisions.md")).toBeUndefined();
    expect(outsideCitation("RFC 5545, at most 75 octets per line")).toBeUndefined();
  });

  it("reads line, block and HTML comments, not strings or URLs", () => {
    const source = ['const url = "https://example.com/spec";', "// issue 4", "/** spec section 2 */", "<!-- account.md -->", "const path = 'a//b';"].join("\n");
    expect(commentsOf(source).map(([line]) => line)).toEqual([2, 3, 4]);
  });

  it("no comment in src names an outside document", () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      for (const [line, comment] of commentsOf(readFileSync(join(SRC, file), "utf8"))) {
        if (!outsideCitation(comment)) continue;
        // Name the comment's line that cites (or its first line, when the citation spans two).
        const lines = comment.split("\n");
        const at = Math.max(0, lines.findIndex((text) => outsideCitation(text)));
        found.push(`src/${file}:${line + at} ${outsideCitation(lines[at]!) ?? outsideCitation(comment)}: ${lines[at]!.trim()}`);
      }
    }
    expect(found, "state the rule itself in the comment (and, if it needs more room, in docs/)").toEqual([]);
  });
});
