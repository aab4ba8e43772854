// Bundles the server (and the shared package it imports) into dist/index.js; node_modules stay external.
import { build } from 'esbuild';
import { serverBundle } from './esbuild.options.mjs';

await build(serverBundle('src/index.ts', 'dist/index.js'));
