import { defineConfig } from 'vitest/config';

// One run covers every package; each package's own config names its project.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/server', 'packages/web', 'packages/agent'],
    // Two cores: more workers only make each PGlite start slower.
    maxWorkers: 2,
  },
});
