/**
 * `npm run bench:bucket`: the other way to serve one site from several hosts, timed — the elected publisher uploading
 * each build to an S3-compatible bucket (the official `@aws-sdk/client-s3`, PutObject, 16 at once) that the CDN and
 * the hosts would serve from — beside what the shop does instead (every host renders its own copy; its CPU per change
 * is what `bench:publish` prints). Reads a built copy of the pages (BENCH_DIST, default the one `bench:publish`
 * leaves in .tmp/bench-publish-dist, else ./dist) and uploads to a local stand-in bucket in its own process:
 *   1. the whole build, as a release or a new bucket needs it;
 *   2. each change: the files that differ between consecutive builds kept beside it (`<dist>.builds`), as the
 *      publisher would upload after a catalogue change.
 * Prints files, MB, seconds and the uploader's CPU seconds for each, with the load average at the start and the end.
 * Sets no goal: it is the measurement behind a choice (docs/decisions.md "Several hosts, one site").
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { contentTypeOf } from "../../src/server/publishing/static-pages";
import { exitWithUsageOnHelp } from "../lib/usage";
import { startChild, stopChild } from "./lib/children";
import { MachineLoad } from "./lib/machine";

exitWithUsageOnHelp(`
Usage: npm run bench:bucket

Times uploading a built copy of the pages to an S3-compatible bucket (a local stand-in, @aws-sdk/client-s3): the
whole build, then each change between the consecutive builds kept beside it. Prints files, MB, seconds and the
uploader's CPU, with the load average. Run \`npm run bench:publish\` first (it leaves builds with changes in
.tmp/bench-publish-dist), or set BENCH_DIST to a built DIST_DIR.
Settings: BENCH_DIST, BENCH_UPLOADS_AT_ONCE (16).
`);

const AT_ONCE = Number(process.env.BENCH_UPLOADS_AT_ONCE ?? 16);
const dist = process.env.BENCH_DIST ?? [".tmp/bench-publish-dist", "dist"].find((candidate) => existsSync(candidate));
if (!dist || !existsSync(dist)) {
  console.log("bench:bucket needs built pages: run `npm run bench:publish` (or `npm run build`), or set BENCH_DIST. Nothing measured.");
  process.exit(0);
}

/** Every file under a folder, as paths relative to it. */
function filesOf(root: string): string[] {
  return (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).filter((name) => statSync(join(root, name)).isFile()).sort();
}

/** The files of `after` that are new or whose bytes differ from `before`'s (hard-linked copies are the same file). */
function changedFiles(before: string, after: string): string[] {
  return filesOf(after).filter((file) => {
    const old = join(before, file);
    if (!existsSync(old)) return true;
    const [a, b] = [statSync(old), statSync(join(after, file))];
    if (a.ino === b.ino) return false;
    return a.size !== b.size || !readFileSync(old).equals(readFileSync(join(after, file)));
  });
}

/** What S3 is told of each file: the type the shop serves it with and, for the precompressed copies, their coding. */
function headersOf(file: string): { ContentType: string; ContentEncoding?: string } {
  const coding = file.endsWith(".br") ? "br" : file.endsWith(".gz") ? "gzip" : undefined;
  const plain = coding ? file.slice(0, -3) : file; // ".br" and ".gz"
  return { ContentType: contentTypeOf(extname(plain)), ...(coding ? { ContentEncoding: coding } : {}) };
}

const bucketServer = await startChild("scripts/bench/bucket-server.ts", {}, "BENCH BUCKET READY");
const client = new S3Client({
  endpoint: `http://127.0.0.1:${bucketServer.line}`,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: "bench", secretAccessKey: "bench-secret" },
});

/** Uploads the files of a build, AT_ONCE at a time; the wall seconds and this process's CPU seconds. */
async function upload(root: string, files: string[], prefix: string): Promise<{ seconds: number; cpu: number; bytes: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, files.length) }, async () => {
      while (next < files.length) {
        const file = files[next++]!;
        const body = readFileSync(join(root, file));
        bytes += body.length;
        await client.send(new PutObjectCommand({ Bucket: "rodamos-pages", Key: `${prefix}/${file}`, Body: body, ...headersOf(file) }));
      }
    }),
  );
  const used = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - t0) / 1000, cpu: (used.user + used.system) / 1e6, bytes };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const machine = new MachineLoad();
try {
  const served = realpathSync(dist);
  console.log(`Uploading ${served} to a local S3-compatible stand-in (@aws-sdk/client-s3 PutObject, ${AT_ONCE} at once)`);
  // Warm-up: the client's first requests (connections, the SDK's lazy modules) are not what a publisher pays per change.
  await upload(served, filesOf(served).slice(0, 50), "warm-up");
  const all = filesOf(served);
  const whole = await upload(served, all, "release");
  console.log(`  whole build   ${all.length} files, ${mb(whole.bytes)} in ${whole.seconds.toFixed(2)} s, uploader CPU ${whole.cpu.toFixed(2)} s (${MachineLoad.now()})`);

  const buildsDir = `${dist}.builds`;
  const builds = existsSync(buildsDir)
    ? readdirSync(buildsDir)
        .map((name) => join(buildsDir, name))
        .filter((path) => statSync(path).isDirectory())
        .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    : [];
  if (builds.length < 2) console.log(`  changes       none to measure: ${buildsDir} keeps fewer than two builds (run \`npm run bench:publish\` first)`);
  for (let i = 1; i < builds.length; i += 1) {
    const changed = changedFiles(builds[i - 1]!, builds[i]!);
    const change = await upload(builds[i]!, changed, `change-${i}`);
    console.log(`  a change      ${changed.length} files, ${mb(change.bytes)} in ${change.seconds.toFixed(2)} s, uploader CPU ${change.cpu.toFixed(2)} s (${MachineLoad.now()})`);
  }
  const held = (await (await fetch(`http://127.0.0.1:${bucketServer.line}/`)).json()) as { objects: number; bytes: number };
  console.log(`  the bucket    received ${held.objects} objects, ${mb(held.bytes)}`);
  machine.finish();
} finally {
  client.destroy();
  await stopChild(bucketServer);
}
