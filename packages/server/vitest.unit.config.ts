import { defineConfig } from 'vitest/config';
import { dbFreeTestFiles, serverTestOptions } from './test-projects.ts';

// The server's test files that do not depend on the database (test-projects.ts): run once.
export default defineConfig({
  test: { ...serverTestOptions, name: 'server-unit', include: dbFreeTestFiles() },
});
