/**
 * A process that opens the embedded database in the folder named by its argument, says `open` on stdout, and
 * closes it when its stdin says `close` (or ends with 1, printing why, when it cannot open it).
 */
import { createInterface } from "node:readline";
import { openDatabase } from "../../src/server/db/client";

try {
  const database = await openDatabase({ dataDir: process.argv[2]! });
  console.log("open");
  createInterface({ input: process.stdin }).on("line", async (line) => {
    if (line.trim() !== "close") return;
    await database.close();
    console.log("closed");
    process.exit(0);
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
