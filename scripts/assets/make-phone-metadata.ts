/**
 * Writes src/shared/format/phone-metadata.min.json: libphonenumber-js's "min" metadata cut down to the
 * countries the shop sells in, so the browser's phone checks weigh about 2 kB of rules instead of 80 kB.
 * Run after updating libphonenumber-js (src/shared/format/phone-number.test.ts says when it is stale).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { exitWithUsageOnHelp } from "../lib/usage";
import { PHONE_COUNTRIES, phoneMetadataFor } from "../../src/shared/format/phone-metadata";

exitWithUsageOnHelp(`
Usage: npx tsx scripts/assets/make-phone-metadata.ts

Rewrites src/shared/format/phone-metadata.min.json from node_modules/libphonenumber-js/metadata.min.json.
`);

const full = JSON.parse(readFileSync("node_modules/libphonenumber-js/metadata.min.json", "utf8"));
writeFileSync("src/shared/format/phone-metadata.min.json", `${JSON.stringify(phoneMetadataFor(full, PHONE_COUNTRIES))}\n`);
console.log(`Phone rules written for ${PHONE_COUNTRIES.join(", ")}.`);
