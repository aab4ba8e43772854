// The steps of the build, in the order they run. `npm run build` runs every one; `npm start`
// runs only those whose inputs changed since they last ran (scripts/build.mjs).
//
// A step names:
//   name     what it makes, for the log
//   command  what makes it (argv, run from the repository's root)
//   inputs   globs of the files it reads, from the root: `**` any folders, `*` any name,
//            `{a,b}` either; `!` first leaves files out. node_modules and dist folders are
//            never walked: dependencies count through package-lock.json.
//   outputs  files it makes: a missing one means the step runs again
//   stamp    where the digest of its inputs is kept once it has run (under its dist/)
//
// A new step adds an entry here, after the steps whose outputs it uses; its inputs are every
// file that can change what it makes (its sources, its build script and config, what it
// imports from packages/shared, package-lock.json), as the engine file's below.

/** What every package build reads besides its own files. */
const COMMON = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src/**',
  'packages/shared/package.json',
];
/** Tests, and the helpers in a package's src/test, are never part of what a step makes. */
const NOT_TESTS = ['!**/*.test.{ts,tsx,mjs}', '!packages/*/src/test/**'];

export const BUILD_STEPS = [
  {
    name: 'web',
    command: ['npm', 'run', 'build', '-w', '@edp/web'],
    inputs: [
      'packages/web/{src,build,public}/**',
      'packages/web/{index.html,vite.config.ts,package.json,tsconfig.json}',
      // Vite reads these when they exist.
      'packages/web/.env*',
      ...COMMON,
      ...NOT_TESTS,
    ],
    outputs: ['packages/web/dist/index.html', 'packages/web/dist/sw.js'],
    stamp: 'packages/web/dist/.build-web.json',
  },
  {
    name: 'server',
    command: ['npm', 'run', 'build', '-w', '@edp/server'],
    inputs: [
      'packages/server/src/**',
      'packages/server/{build.mjs,esbuild.options.mjs,package.json,tsconfig.json}',
      ...COMMON,
      ...NOT_TESTS,
    ],
    outputs: ['packages/server/dist/index.js', 'packages/server/dist/db-image.js'],
    stamp: 'packages/server/dist/.build-server.json',
  },
  {
    // The PGlite data directory a first start copies (platform/db/prepared-image.ts): remade
    // when a migration, the database code or PGlite (package-lock.json) changes.
    name: 'database image',
    command: ['node', 'packages/server/dist/db-image.js'],
    inputs: [
      'packages/server/drizzle/**',
      'packages/server/src/db-image.ts',
      'packages/server/src/platform/db/**',
      'package-lock.json',
      ...NOT_TESTS,
    ],
    outputs: ['packages/server/dist/db-image/image.json'],
    stamp: 'packages/server/dist/.build-db-image.json',
  },
  {
    // The reference engine as the one file the console serves (docs/engines-agent.md).
    name: 'engine file',
    command: ['npm', 'run', 'build', '-w', '@edp/agent'],
    inputs: [
      'packages/agent/src/**',
      'packages/agent/{package.json,build.mjs,tsconfig.json}',
      ...COMMON,
      ...NOT_TESTS,
    ],
    outputs: ['packages/agent/dist/edp-agent.mjs'],
    stamp: 'packages/agent/dist/.build-engine.json',
  },
];
