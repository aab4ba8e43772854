import { configDefaults, defineConfig } from 'vitest/config';
import { dbFreeTestFiles, serverTestOptions } from './test-projects.ts';

// The test files that can depend on the database: run on PGlite, and on PostgreSQL with DB=pg
// (`--project server`). The others are the `server-unit` project (vitest.unit.config.ts).
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...dbFreeTestFiles()],
  },
});
