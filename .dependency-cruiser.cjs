/**
 * Module boundaries, checked by `npm run lint` (docs/architecture.md, "Boundaries").
 * dependency-cruiser reads the TypeScript imports of every package.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles make load order matter and contexts impossible to separate.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared is imported by the server and the browser: it imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/(server|web|agent|e2e)/' },
    },
    {
      name: 'web-features-not-sideways',
      severity: 'error',
      comment:
        "A feature of the web uses shared code, src/lib, src/components and its own files; another feature only through that feature's api/ (its calls) or lib/.",
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: {
        path: '^packages/web/src/features/([^/]+)/(components|pages)/',
        // admin-common holds the console screens' shared table, dialog and tree parts.
        pathNot: '^packages/web/src/features/($1|admin-common)/',
      },
    },
    {
      name: 'routes-stay-thin',
      severity: 'error',
      comment: 'Routes call services; SQL and tables stay behind them.',
      // Tests may read tables to check what a call wrote.
      from: { path: '^packages/server/src/routes/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(packages/server/src/db/|node_modules/drizzle-orm/)' },
    },
    {
      name: 'services-not-on-http',
      severity: 'error',
      comment: 'Services and repositories know nothing of routes or HTTP plugins.',
      from: { path: '^packages/server/src/modules/' },
      to: { path: '^packages/server/src/(routes|plugins)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
