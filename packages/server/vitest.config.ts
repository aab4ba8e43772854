import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Test files share a worker's loaded modules: each file still builds its own app on its own
    // database (test/harness.ts), and no server test mocks a module or leaves state in one. Each
    // file importing the whole server again cost 62 s of the 232 s run (166 s without).
    isolate: false,
  },
});
