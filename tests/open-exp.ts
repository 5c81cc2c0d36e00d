import { PGlite } from "@electric-sql/pglite";
import { readFileSync, readdirSync } from "node:fs";
const f = readdirSync(".tmp/test-databases").find((n) => n.endsWith(".tar"))!;
const archive = new Blob([readFileSync(".tmp/test-databases/" + f)]);
let t = performance.now();
for (let i = 0; i < 3; i++) { const p = new PGlite(); await p.query("select 1"); await p.close(); }
console.log("bare PGlite", ((performance.now() - t) / 3).toFixed(0));
t = performance.now();
for (let i = 0; i < 3; i++) { const p = new PGlite({ loadDataDir: archive }); await p.query("select 1"); await p.close(); }
console.log("from archive", ((performance.now() - t) / 3).toFixed(0));
const p = new PGlite({ loadDataDir: archive }); await p.query("select 1");
t = performance.now();
const tables = (await p.query<{ t: string }>("select tablename as t from pg_tables where schemaname='public'")).rows.map((r) => `"${r.t}"`);
for (let i = 0; i < 3; i++) { await p.exec(`truncate ${tables.join(",")} restart identity cascade`); }
console.log("truncate", tables.length, "tables", ((performance.now() - t) / 3).toFixed(0));
