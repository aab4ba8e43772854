import { defineConfig } from 'vitest/config';

// One run covers every package; each package's own config names its project.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/server',
      // The server's tests that do not depend on the database, kept out of the DB=pg run.
      'packages/server/vitest.unit.config.ts',
      'packages/web',
      'packages/agent',
      'scripts',
    ],
    // Two cores: more workers only make each PGlite start slower.
    maxWorkers: 2,
    // antd's static toasts and dialogs render in React roots of their own, which no test
    // unmounts: now and then React's scheduler still runs one of them just after a web test
    // file's jsdom is gone ("window is not defined", from react-dom under the scheduler). That
    // is the harness's teardown, not the app (a browser's window does not go away); the tests'
    // own results stand. Only that error is ignored: any other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = (error as { stack?: string }).stack ?? '';
      const afterTeardown =
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        stack.includes('react-dom') &&
        stack.includes('scheduler');
      return !afterTeardown;
    },
  },
});
