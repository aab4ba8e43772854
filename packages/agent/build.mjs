// Builds the reference engine into one file that needs only Node 20: dist/edp-agent.mjs (or the
// path given as the first argument). Everything it imports (@edp/shared, zod, eventsource-parser,
// age-encryption) is inlined; only node: builtins stay outside, so the file runs with no
// node_modules, no registry and no tsx (docs/engines-agent.md, "Getting the engine"). The console serves this file.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const { version } = JSON.parse(fs.readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const outfile = path.resolve(
  process.argv[2] ?? new URL('dist/edp-agent.mjs', import.meta.url).pathname,
);
const started = performance.now();
const result = await build({
  entryPoints: [new URL('src/cli.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Readable, so that a customer can see what they run; about 1.3 MB (age-encryption about 280 KB).
  minify: false,
  legalComments: 'inline',
  metafile: true,
  plugins: [
    {
      // cli.ts starts with the development shebang (tsx); the file starts with node's.
      name: 'engine-shebang',
      setup(b) {
        b.onLoad({ filter: /[\\/]src[\\/]cli\.ts$/ }, (args) => ({
          contents: fs.readFileSync(args.path, 'utf8').replace(/^#!.*\n/, ''),
          loader: 'ts',
        }));
      },
    },
  ],
  // The version on the second line, where the console reads it without running the file
  // (packages/server/src/engines/engine-file.ts: the upgrade task and the "outdated" filter).
  banner: { js: `#!/usr/bin/env node\n// edp-agent-version: ${version}` },
  logLevel: 'warning',
});

// Nothing but node's own modules may be left to resolve at run time.
const outside = Object.values(result.metafile.outputs)
  .flatMap((o) => o.imports)
  .filter((i) => i.external && !i.path.startsWith('node:'))
  .map((i) => i.path);
if (outside.length) {
  fs.rmSync(outfile, { force: true });
  throw new Error(`the engine bundle must be self-contained; it imports ${[...new Set(outside)]}`);
}
fs.chmodSync(outfile, 0o755);
const kb = Math.round(fs.statSync(outfile).size / 1024);
console.log(
  `${path.relative(process.cwd(), outfile)}: ${kb} KB in ${Math.round(performance.now() - started)} ms`,
);
