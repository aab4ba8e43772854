/**
 * Module boundaries, checked by `npm run lint` (docs/architecture.md, "Boundaries").
 * dependency-cruiser reads the TypeScript imports of every package.
 */

/**
 * The console's modules from the bottom up (docs/architecture.md §4, "The console in layers"):
 * a module imports only modules of the layers below its own, never one beside or above it.
 */
const CONSOLE_LAYERS = [
  ['store'],
  ['access'],
  ['audit'],
  ['tenants'],
  ['roles', 'users', 'groups', 'proxies', 'devices', 'installers', 'notify', 'reports', 'keys'],
  ['login', 'commands', 'logs'],
  ['licences', 'elevation', 'overview'],
  ['http'],
];
const consoleLayerRules = CONSOLE_LAYERS.map((layer, i) => ({
  name: `console-layer-${layer.join('-')}`,
  severity: 'error',
  comment: `console/${layer.join(', ')} may import only the console modules of the layers below (${
    CONSOLE_LAYERS.slice(0, i).flat().join(', ') || 'none: the platform only'
  }).`,
  from: { path: `^packages/server/src/console/(${layer.join('|')})/`, pathNot: '\\.test\\.ts$' },
  to: {
    path: `^packages/server/src/console/(${CONSOLE_LAYERS.slice(i).flat().join('|')})/`,
    pathNot: '^packages/server/src/console/$1/',
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Import cycles make load order matter and contexts impossible to separate; a cycle through type imports ties the modules as tightly.',
      from: {},
      to: { circular: true },
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
        "A feature of the web uses shared code, src/lib, src/components and its own files; another feature only through that feature's api/ (its calls), lib/ or parts/ (the parts it lends to another feature's page, as the device page's elevation tab).",
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
        'A server module (platform/<m>, portal/<m>, console/<m>, engines/<m>) is used by others only through its index.ts.',
      from: {
        path: '^packages/server/src/((platform|portal|console|engines)/[^/]+)/',
        pathNot: '\\.test\\.ts$',
      },
      to: {
        path: '^packages/server/src/(platform|portal|console|engines)/[^/]+/',
        pathNot: [
          '^packages/server/src/$1/',
          '^packages/server/src/(platform|portal|console|engines)/[^/]+/index\\.ts$',
        ],
      },
    },
    {
      name: 'root-uses-module-entries',
      severity: 'error',
      comment: 'app.ts and the other composition files use modules through their index.ts too.',
      from: { path: '^packages/server/src/[^/]+\\.ts$', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^packages/server/src/(platform|portal|console|engines)/[^/]+/',
        pathNot: '^packages/server/src/(platform|portal|console|engines)/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'sql-in-repositories',
      severity: 'error',
      comment:
        "SQL is written only in repositories (*-repository.ts), the console's and the portal's store read models (*-read-model.ts) and the database module.",
      from: {
        path: '^packages/server/src/',
        pathNot:
          '(-repository\\.ts$|^packages/server/src/(console|portal)/store/[^/]+-read-model\\.ts$|^packages/server/src/platform/db/|\\.test\\.ts$|/src/test/)',
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
    ...consoleLayerRules,
    {
      name: 'contexts-one-way',
      severity: 'error',
      comment:
        'The contexts stack one way: the console uses the engines (its devices are theirs); the engines and the portal use neither the console nor each other.',
      from: { path: '^packages/server/src/(engines|portal)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^packages/server/src/(console|portal|engines)/',
        pathNot: '^packages/server/src/$1/',
      },
    },
    {
      name: 'console-uses-no-portal',
      severity: 'error',
      comment: "The console is the tenant's own: it knows nothing of the vendor's portal.",
      from: { path: '^packages/server/src/console/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/src/portal/' },
    },
    {
      name: 'modules-export-services',
      severity: 'error',
      comment:
        "A repository is private to its module (the console's store holds only read models): another module, the composition files and the tests ask a service.",
      from: {
        path: '^packages/server/src/',
        pathNot: '^packages/server/src/(console|portal/[^/]+|engines)/',
      },
      to: { path: '-repository\\.ts$', pathNot: '^packages/server/src/(console/store|platform)/' },
    },
    {
      name: 'console-repositories-private',
      severity: 'error',
      comment:
        "A console module's repository is its own (it writes the module's tables): another console module uses that module's service or a read model of the store.",
      from: { path: '^packages/server/src/(console/[^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '-repository\\.ts$',
        pathNot: ['^packages/server/src/$1/', '^packages/server/src/(console/store|platform)/'],
      },
    },
    {
      name: 'entries-export-services',
      severity: 'error',
      comment:
        "A module's index.ts exports its services and their types, not its repositories (the console's store is the one module of repositories).",
      from: {
        path: [
          '^packages/server/src/(portal|console)/[^/]+/index[.]ts$',
          '^packages/server/src/engines/index[.]ts$',
        ],
        pathNot: '^packages/server/src/console/store/',
      },
      to: { path: '-repository\\.ts$' },
    },
    {
      name: 'only-handlers-know-fastify',
      severity: 'error',
      comment:
        'Services, caches and repositories know nothing of the web framework: only the HTTP plumbing (*/http/), the composition files and tests import fastify.',
      from: {
        path: '^packages/server/src/',
        pathNot:
          '(/http/|^packages/server/src/[^/]+\\.ts$|\\.test\\.ts$|^packages/server/src/test/)',
      },
      // The framework itself; a plugin's pure helper (normalizeIP of @fastify/rate-limit) is fine.
      to: { path: '^node_modules/(fastify|fastify-plugin|fastify-type-provider-zod)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not followed but stays visible, for the rules on what may import a package.
    exclude: { path: '(^|/)(dist|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
