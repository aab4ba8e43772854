import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALLS } from './registry.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const SOURCE = /\.(ts|tsx|mjs)$/;
const NOT_SOURCE = /(\.test\.tsx?$|\/test\/|\/node_modules\/|\/dist\/)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (NOT_SOURCE.test(full + (entry.isDirectory() ? '/' : ''))) return [];
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/**
 * Each call's path is written once, in its declaration: routes, the web client, menus and
 * services name the declaration instead (docs/architecture.md §5). Tests and the browser tests
 * may spell paths out, as a caller would.
 */
describe('API path literals', () => {
  it('appear once in the source, in the call registry', () => {
    const files = ['shared', 'server', 'web', 'agent'].flatMap((p) =>
      sourceFiles(path.join(root, 'packages', p, 'src')),
    );
    // Comments may name a call's path; code may not.
    const code = (text: string) =>
      text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const texts = files.map((f) => ({
      f: path.relative(root, f),
      text: code(fs.readFileSync(f, 'utf8')),
    }));
    for (const call of Object.values(CALLS)) {
      const literal = new RegExp(`['"\`]${call.path.replace(/[/.:]/g, '\\$&')}['"\`]`);
      const places = texts.filter((t) => literal.test(t.text)).map((t) => t.f);
      expect
        .soft(places, call.path)
        .toEqual([places.find((p) => p.endsWith('.calls.ts')) ?? 'a *.calls.ts file']);
      expect.soft(places[0] ?? '', call.path).toMatch(/\.calls\.ts$/);
    }
  });
});
