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
  },
});
