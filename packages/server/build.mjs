// Bundles the server (and the shared package it imports) into dist/index.js, and the maker of
// the prepared database image into dist/db-image.js; node_modules stay external.
import { build } from 'esbuild';
import { serverBundle } from './esbuild.options.mjs';

await Promise.all([
  build(serverBundle('src/index.ts', 'dist/index.js')),
  build(serverBundle('src/db-image.ts', 'dist/db-image.js')),
]);
