#!/usr/bin/env node
// Prints the gzip size of the JavaScript the browser loads first for /login: the entry named
// in dist/index.html, its static imports, and the login route chunk with its static imports
// (from the Vite manifest, build.manifest). Budget: 200 KB gzip. Exit code 1 over budget.
// The route is a source file that is a chunk of its own or, by default, the name of the screen
// chunk of build/screen-chunks.ts that holds it ('login': the login page and what it runs).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const BUDGET = 200 * 1024;
const ROUTE_SOURCE = process.argv[2] ?? 'login';

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryFile = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
const entryKey = Object.keys(manifest).find((key) => manifest[key].file === entryFile);
if (!entryKey) throw new Error(`entry ${entryFile} of index.html not in the manifest`);
const routeKey = manifest[ROUTE_SOURCE]
  ? ROUTE_SOURCE
  : Object.keys(manifest).find((key) => !manifest[key].src && manifest[key].name === ROUTE_SOURCE);
if (!routeKey) throw new Error(`${ROUTE_SOURCE} not in the manifest`);

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKey);
collect(routeKey);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  return { file, size };
});
rows.sort((a, b) => b.size - a.size);
for (const { file, size } of rows)
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  initial JS (gzip) for ${ROUTE_SOURCE}`);
console.log(`budget ${BUDGET / 1024} KB: ${total <= BUDGET ? 'OK' : 'OVER'}`);
process.exitCode = total <= BUDGET ? 0 : 1;
