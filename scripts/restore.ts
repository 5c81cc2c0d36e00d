/**
 * `npm run restore -- <folder>`: a backup made by `npm run backup` into a NEW place: the empty PostgreSQL database
 * of DATABASE_URL, or a DATA_DIR without an embedded database (scripts/lib/backup.ts).
 */
import { parseEnv } from "../src/server/env";
import { restoreShop } from "./lib/backup";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm run restore -- <folder>

Restores a backup written by npm run backup: into the empty database named by DATABASE_URL (pg_restore; create
it first with createdb) or, without DATABASE_URL, into a DATA_DIR that holds no embedded database yet; the keys
and uploads go into DATA_DIR. Nothing is overwritten. Then start the shop on it (npm start), which migrates it
when the backup is older than the code. See docs/operations.md.
`);

const folder = process.argv[2];
if (!folder) {
  console.error("Name the backup folder: npm run restore -- <folder>");
  process.exit(1);
}
const env = parseEnv();

try {
  const manifest = await restoreShop(env, folder);
  const where = env.DATABASE_URL ? "the PostgreSQL database of DATABASE_URL" : `${env.DATA_DIR}`;
  console.log(`Backup of ${manifest.createdAt} (${manifest.files.length} files) restored into ${where}. Start the shop on it: npm start`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
