import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
const [port, file] = process.argv.slice(2);
const payload = readFileSync(file, 'utf8');
const app = new Hono();
app.get('*', (c) => c.body(payload, 200, { 'content-type': 'application/json' }));
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
