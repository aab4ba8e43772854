// Bundles the server (and the shared package it imports) into dist/index.js; node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @edp/shared is ours and ships TypeScript, so it is bundled rather than left external.
  plugins: [
    {
      name: 'bundle-shared',
      setup(b) {
        b.onResolve({ filter: /^@edp\/shared\// }, (args) => ({
          path: new URL(
            `../shared/src/${args.path.slice('@edp/shared/'.length)}.ts`,
            import.meta.url,
          ).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
