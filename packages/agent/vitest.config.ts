import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'agent',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The engine file the command-line tests run (src/test/engine-file.setup.ts).
    globalSetup: ['src/test/engine-file.setup.ts'],
    // real-server.test.ts starts the whole console on PGlite, as the server's tests do.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // No test here mocks a module, stubs a global or writes the environment, so the files share
    // a worker's module cache: each file's import of the engine and the console took 34 of
    // the project's 148 s alone; shared, 14 s (152 -> 120 s of CPU, 148 -> 131 s of wall).
    isolate: false,
  },
});
