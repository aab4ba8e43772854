import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|ico)$/;
/** Below about one TCP packet compression saves no round trip. */
const MIN_BYTES = 1024;

/** Every file under `dir`, hidden folders (Vite's .vite/manifest.json) left out. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((p) => p.startsWith('.')),
    );
}

async function precompress(file: string): Promise<number> {
  const source = await fs.readFile(file);
  const variants = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }).then((data) => ({ ext: '.br', data })),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }).then((data) => ({
      ext: '.gz',
      data,
    })),
  ]);
  let written = 0;
  for (const { ext, data } of variants) {
    // A variant that is no smaller would only cost the client a decode.
    if (data.length >= source.length) continue;
    await fs.writeFile(file + ext, data);
    written++;
  }
  return written;
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, for
 * the server's @fastify/static `preCompressed` to send by Accept-Encoding: compressing once at
 * build, at the highest levels, instead of on every answer.
 *
 * It runs last, on the files as written, because vite-plugin-pwa writes the service worker
 * and the Workbox runtime after the bundle (in its own closeBundle). vite-plugin-compression2,
 * the maintained plugin for this, compresses the bundle and public/ only, so it would miss
 * those two, and it hooks into Vite's manifest plugin's internals; see docs/decisions.md.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'edp:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
        let count = 0;
        for (const file of files) {
          if ((await fs.stat(file)).size >= MIN_BYTES) count += await precompress(file);
        }
        config.logger.info(`precompressed: ${count} .br and .gz files in ${outDir}`);
      },
    },
  };
}
