/**
 * `--help` for the shop's scripts: prints the script's usage and exits 0 before it opens a database or
 * a port, so `npm run <script> -- --help` is always safe to try (tests/api/package-scripts.test.ts).
 */
export function exitWithUsageOnHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes("--help") && !argv.includes("-h")) return;
  console.log(usage.trim());
  process.exit(0);
}
