import { defineConfig } from 'vitest/config';

// The repository's own tooling (the build's steps and stamps).
export default defineConfig({
  test: { name: 'scripts', environment: 'node', include: ['*.test.mjs'] },
});
