#!/usr/bin/env node
// Renders public/icon.svg into the raster icons browsers ask for by name, with Debian's
// Chromium (puppeteer-core, a root dev dependency):
// - public/favicon.ico (16, 32 and 48 px PNGs in one ICO): asked for at /favicon.ico by
//   browsers, bookmark and feed readers that do not read <link rel="icon">;
// - public/apple-touch-icon.png (180 px, square: iOS rounds the corners itself), which iOS
//   asks for by name too and which it needs as PNG (it ignores an SVG touch icon).
// The outputs are committed; run again after changing the SVG: node packages/web/scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const svg = fs.readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
// The touch icon fills its square: iOS applies its own mask, transparent corners would show black.
const squareSvg = svg.replace(
  /<rect width="512" height="512" rx="\d+"/,
  '<rect width="512" height="512"',
);

const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox'],
});

async function render(source, size) {
  const page = await browser.newPage();
  await page.setViewport({ width: size, height: size, deviceScaleFactor: 1 });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
  );
  // Runs in the page, where `document` is defined.
  await page.waitForFunction(() => globalThis.document.images[0]?.complete);
  const png = await page.screenshot({ type: 'png', omitBackground: true });
  await page.close();
  return Buffer.from(png);
}

/** An ICO holding PNG images (supported by every browser since IE 11 and by Windows Vista on). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

try {
  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push({ size, png: await render(svg, size) });
  fs.writeFileSync(path.join(publicDir, 'favicon.ico'), ico(images));
  fs.writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await render(squareSvg, 180));
  console.log('wrote public/favicon.ico (16, 32, 48 px) and public/apple-touch-icon.png (180 px)');
} finally {
  await browser.close();
}
