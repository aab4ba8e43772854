import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { CommonErr } from '@edp/shared/errors';
import { fail } from './envelope.ts';
import { isMachinePath } from './security-headers.ts';

/**
 * Where the built web app is: packages/web/dist, seen from src/platform/http (tests, dev) or from
 * dist/ (the bundle).
 */
export function defaultWebDist(): string {
  const here = import.meta.dirname;
  const candidates = [
    path.resolve(here, '../../web/dist'),
    path.resolve(here, '../../../../web/dist'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

/**
 * A path naming a static file by its extension. Such a path that is not in the build answers
 * 404, not the app's page: a browser asking for /favicon.ico, or for a chunk of an older deploy,
 * would otherwise get HTML (and a module script an HTML body it refuses).
 */
const STATIC_FILE =
  /\.(?:js|mjs|css|map|json|webmanifest|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|br|gz)$/i;

/**
 * The build's compressed copies (packages/web/build/precompress-plugin.ts). They get no route
 * of their own: `preCompressed` finds them beside the file asked for. A route per file was most
 * of a start's time in this plugin (each file and each copy a GET and a HEAD route: 370 files,
 * 220 of them copies), and a copy asked for by its own name answers 404, as a missing file.
 */
const COMPRESSED_COPIES = '**/*.{html,js,mjs,css,svg,json,webmanifest,txt,xml,ico}.{br,gz}';

/**
 * Serves the built web app with history-mode fallback to index.html. Hashed assets are cached
 * for a year; index.html and the service worker are revalidated every time so a deploy shows.
 * The build writes a .br and a .gz beside each text file (packages/web/build/precompress-plugin.ts);
 * `preCompressed` sends the one the request's Accept-Encoding prefers, with
 * `Vary: Accept-Encoding`, for files and for the page fallback (sendFile) alike.
 */
export const webPlugin = fp<{ webDist: string }>(async (app, { webDist }) => {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      globIgnore: [COMPRESSED_COPIES],
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?', 1)[0]!;
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !isMachinePath(pathname) &&
      !STATIC_FILE.test(pathname);
    if (hasWeb && isPage) {
      return reply.type('text/html').sendFile('index.html');
    }
    return fail(req, reply, CommonErr.NotFound);
  });
});
