import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../../test/harness.ts';

// A built web app as packages/web's build leaves it: each text file with a brotli and a gzip
// copy beside it (build/precompress-plugin.ts).
const PAGE = `<!doctype html><html lang="zh-CN"><head><title>EDP</title></head><body>${'<div id="root"></div>'.repeat(50)}</body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('你好，EDP '.repeat(200))};`;
const ICON = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);

function writeWithCopies(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

describe('the web app files', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    writeWithCopies(path.join(webDist, 'index.html'), PAGE);
    writeWithCopies(path.join(webDist, 'assets', 'app-1a2b3c.js'), SCRIPT);
    fs.writeFileSync(path.join(webDist, 'favicon.ico'), ICON);
    fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
    ctx = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  const decoded = (res: Awaited<ReturnType<typeof get>>) => {
    const body = res.rawPayload;
    switch (res.headers['content-encoding']) {
      case 'br':
        return zlib.brotliDecompressSync(body).toString();
      case 'gzip':
        return zlib.gunzipSync(body).toString();
      default:
        return body.toString();
    }
  };

  it.each(['/login', '/register', '/admin/users?page=2', '/'])(
    'sends the page %s brotli-compressed to a browser that takes brotli',
    async (url) => {
      const res = await get(url, 'gzip, deflate, br, zstd');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.rawPayload.length).toBeLessThan(PAGE.length / 4);
      expect(decoded(res)).toBe(PAGE);
    },
  );

  it('sends gzip to a client that takes only gzip, and the plain page to one that names none', async () => {
    const gz = await get('/login', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(PAGE);

    const plain = await get('/login');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    // A shared cache must not give this plain copy to a browser that takes brotli.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(PAGE);
  });

  it('sends an asset compressed by Accept-Encoding, with its own type and a year of caching', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'br;q=1, gzip;q=0.8');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(br)).toBe(SCRIPT);

    const plain = await get('/assets/app-1a2b3c.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers /favicon.ico with the icon and /robots.txt with text, never the page', async () => {
    const icon = await get('/favicon.ico', 'gzip, br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.rawPayload.equals(ICON)).toBe(true);

    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
  });

  it('answers 404 in the envelope for a missing file, where a page would be the wrong answer', async () => {
    for (const url of [
      '/apple-touch-icon-precomposed.png',
      '/assets/app-old.js',
      '/x.css?v=1',
      // The build's compressed copies are sent only for their file, by Accept-Encoding.
      '/assets/app-1a2b3c.js.br',
      '/index.html.gz',
    ]) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ success: false, errCode: CommonErr.NotFound });
    }
  });
});
