import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type ResolveModulePreloadDependenciesFn } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { antdThemeTokens } from './build/antd-theme-tokens.ts';
import { antdUniqueProviderStub } from './build/antd-unique-provider-stub.ts';
import { apiCallsPlugin } from './build/api-calls-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { tableScrollbarMeasure } from './build/table-scrollbar-measure.ts';
import { PLANNING, screenGroups } from './build/screen-chunks.ts';
// Relative, not '@edp/shared/…': Node loads the bundled config and cannot import .ts from a package.
import { DEFAULT_FULL_NAME, PRIMARY_COLOR } from '../shared/src/constants.ts';

/**
 * Vendor chunks: split by how pages need them so that /login loads only react, the router,
 * i18n and the antd components it uses. Everything else stays in lazily loaded route chunks.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
  // The rest of what the entry imports statically, in one chunk instead of a dozen small ones:
  // every page loads all of it anyway, and on HTTP/1.1 (six connections) each extra file cost a
  // round trip on the first load (Lighthouse, docs/decisions.md "Delivery and first load").
  { name: 'initial', tags: ['$initial' as const] },
];

/**
 * antd's @rc-component/* and @ant-design/* helpers do not declare `sideEffects: false`, so the bundler
 * keeps whole modules that antd imports only for a context or a type (Input pulls all of
 * @rc-component/form through antd's form context). They are plain component libraries
 * without import-time effects, so declare them side-effect free.
 */
const SIDE_EFFECT_FREE =
  /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/;

const require = createRequire(import.meta.url);

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532: extra checks
 * and warnings, about 100 ms of a slowed phone's CPU on the first load); the build takes the
 * production one that ships beside it.
 */
const reactRouterProduction = (file: string) =>
  path.join(path.dirname(require.resolve('react-router')), '..', 'production', file);

/**
 * A lazily loaded chunk's own imports are left to the browser, which fetches them as soon as it
 * reads the chunk; only its style sheets are added by Vite's loader. Vite would add a <link
 * rel=modulepreload> for each import first: the device list's 45, added in one task, cost a
 * slowed phone about 100 ms of blocking time (Lighthouse mobile, medians of 5 in one run: 67 ->
 * 72, TBT 546 -> 417 ms, LCP unchanged; docs/decisions.md, issue 38). The entry's own imports
 * keep their preload links in index.html.
 */
const preloadOnlyStyles: ResolveModulePreloadDependenciesFn = (_file, deps, { hostType }) =>
  hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'));

export default defineConfig(async ({ command }) => {
  const planning = !!process.env[PLANNING];
  // One chunk per first screen (/register, the console's shell and home), planned from a first
  // build with automatic splitting: build/screen-chunks.ts.
  const screens =
    command === 'build' && !planning
      ? await screenGroups(import.meta.dirname, import.meta.filename)
      : [];
  return {
    plugins: [
      apiCallsPlugin(),
      react(),
      antdUniqueProviderStub(),
      antdStaticStyles(),
      antdThemeTokens(),
      tableScrollbarMeasure(),
      !planning &&
        VitePWA({
          registerType: 'autoUpdate',
          strategies: 'generateSW',
          // A separate registerSW.js file, not an inline script, so a strict CSP keeps working.
          injectRegister: 'script-defer',
          includeAssets: ['icon.svg'],
          manifest: {
            name: DEFAULT_FULL_NAME['zh-CN'],
            short_name: 'EDP',
            description: DEFAULT_FULL_NAME['en-US'],
            lang: 'zh-CN',
            start_url: '/',
            display: 'standalone',
            theme_color: PRIMARY_COLOR,
            background_color: '#ffffff',
            icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
          },
          workbox: {
            // Precache the application shell only; API answers must always be fresh (no runtimeCaching).
            globPatterns: ['**/*.{js,css,html,svg,ico,webmanifest}'],
            navigateFallback: '/index.html',
            navigateFallbackDenylist: [/^\/api(?:\/|$)/],
            cleanupOutdatedCaches: true,
          },
        }),
      // Last: it compresses the files as written, the service worker included.
      !planning && precompressPlugin(),
    ],
    resolve: {
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
              { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            ]
          : [],
    },
    build: {
      manifest: true,
      modulePreload: { resolveDependencies: preloadOnlyStyles },
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
        },
        output: { codeSplitting: { groups: [...vendorGroups, ...screens] } },
      },
    },
    server: {
      proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
    },
  };
});
