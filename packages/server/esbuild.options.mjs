// The esbuild options of the server bundle, shared by build.mjs (dist/index.js) and the API
// bench, which bundles its seeded server the same way so that it measures the code that ships
// (tsx, used in development, wraps functions with name helpers that cost time on hot paths).

/** Options that bundle `entry` (and the shared package it imports) into `outfile`. */
export function serverBundle(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // node_modules stay external: the bundle runs beside them.
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
  };
}
