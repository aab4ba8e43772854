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
      // A cycle only through type imports costs nothing at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared is imported by the server and the browser: it imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/(server|web|agent|e2e)/' },
    },
    {
      name: 'node-only-shared',
      severity: 'error',
      comment:
        'packages/shared/src/licence verifies certificates with node:crypto: the server and the engine use it, the browser must not.',
      from: { path: '^packages/web/' },
      to: { path: '^packages/shared/src/licence/' },
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
      name: 'module-entry',
      severity: 'error',
      comment:
        'A server module (platform/<m>, portal/<m>, console/<m>, engine/<m>) is used by others only through its index.ts.',
      from: {
        path: '^packages/server/src/((platform|portal|console|engine)/[^/]+)/',
        pathNot: '\\.test\\.ts$',
      },
      to: {
        path: '^packages/server/src/(platform|portal|console|engine)/[^/]+/',
        pathNot: [
          '^packages/server/src/$1/',
          '^packages/server/src/(platform|portal|console|engine)/[^/]+/index\\.ts$',
        ],
      },
    },
    {
      name: 'root-uses-module-entries',
      severity: 'error',
      comment: 'app.ts and the other composition files use modules through their index.ts too.',
      from: { path: '^packages/server/src/[^/]+\\.ts$', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^packages/server/src/(platform|portal|console|engine)/[^/]+/',
        pathNot: '^packages/server/src/(platform|portal|console|engine)/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'sql-in-repositories',
      severity: 'error',
      comment: 'SQL is written only in repositories (*-repository.ts) and the database module.',
      from: {
        path: '^packages/server/src/',
        pathNot: '(-repository\\.ts$|^packages/server/src/platform/db/|\\.test\\.ts$|/src/test/)',
      },
      to: { path: '^node_modules/drizzle-orm/' },
    },
    {
      name: 'services-not-on-http',
      severity: 'error',
      comment: 'Services and repositories know nothing of routes or HTTP plugins.',
      from: {
        path: '^packages/server/src/(platform|portal|console|engines)/',
        pathNot: '(^packages/server/src/[^/]+/http/|\\.test\\.ts$)',
      },
      to: { path: '^packages/server/src/[^/]+/http/' },
    },
    {
      name: 'platform-knows-no-context',
      severity: 'error',
      comment: 'The platform serves every context and depends on none.',
      from: { path: '^packages/server/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/src/(portal|console|engines)/' },
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
