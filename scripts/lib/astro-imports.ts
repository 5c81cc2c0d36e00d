/**
 * What an `.astro` file imports, as TypeScript the import checkers can read: its frontmatter (the code between the
 * opening `---` fences) and the scripts Astro bundles (`<script>` without `is:inline`; a `src=` becomes an import).
 * Scripts Astro leaves as they are (`is:inline`, `define:vars`, a `type` other than module, JSON) import nothing
 * from `src`, so they are left out. The template's markup uses only what the frontmatter imported.
 */
const FRONTMATTER = /^\s*---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;

/** Whether Astro bundles a `<script>` with these attributes (and so resolves its imports). */
function bundled(attributes: string): boolean {
  if (/\bis:inline\b|\bdefine:vars\b/.test(attributes)) return false;
  const type = /\btype\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1];
  return type === undefined || type === "module" || type === "text/javascript";
}

export function astroImports(source: string): string {
  const parts: string[] = [];
  const frontmatter = FRONTMATTER.exec(source);
  if (frontmatter) parts.push(frontmatter[1]!);
  const template = frontmatter ? source.slice(frontmatter[0].length) : source;
  for (const [, attributes = "", body = ""] of template.replace(COMMENT, "").matchAll(SCRIPT)) {
    if (!bundled(attributes)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/.exec(attributes)?.[1];
    parts.push(src ? `import ${JSON.stringify(src)};` : body);
  }
  return parts.join("\n;\n");
}
