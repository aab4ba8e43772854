import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { apiCallsPlugin } from './build/api-calls-plugin.ts';

/** The web unit-test project; the root vitest config lists it among its `projects`. */
export default defineProject({
  // The browser's view of the call registry, as in the build.
  plugins: [apiCallsPlugin(), react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd under jsdom is slow on a busy 2-core machine; 5 s flakes there.
    testTimeout: 30_000,
    // The files of a worker share their modules and their jsdom (antd and React loaded once per
    // worker, not per file: 58 -> 27 s); test/setup.ts cleans the page, the storage and the
    // language between them.
    isolate: false,
  },
});
