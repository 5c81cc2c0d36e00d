/** A hash of every file below `folder` (names and contents), for caches kept while their sources are unchanged. */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function hashFiles(folder: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(folder, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  return hash.digest("hex");
}
