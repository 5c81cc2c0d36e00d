/**
 * `npm run backup [-- <folder>]`: the shop's database (PostgreSQL by pg_dump, or the embedded PGlite's own dump)
 * and the DATA_DIR files it needs, into a new folder (scripts/lib/backup.ts).
 */
import { join } from "node:path";
import { parseEnv } from "../src/server/env";
import { backupShop } from "./lib/backup";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm run backup [-- <folder>]

Writes a backup of the shop named by DATABASE_URL (PostgreSQL, by pg_dump) or, without it, of the embedded
database in DATA_DIR (stop the shop first: that database belongs to one process), plus the generated keys and the
uploads from DATA_DIR, into <folder> (default backups/<date-time>; it must be new or empty).
Restore it with npm run restore. See docs/operations.md.
`);

const env = parseEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const folder = process.argv[2] ?? join("backups", stamp);

try {
  const manifest = await backupShop(env, folder);
  console.log(`Backup of the ${manifest.engine === "postgres" ? "PostgreSQL" : "embedded"} database and ${manifest.files.length} files written to ${folder}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
