import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The web unit-test project; the root vitest config lists it among its `projects`. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd under jsdom is slow on a busy 2-core machine; 5 s flakes there.
    testTimeout: 30_000,
  },
});
