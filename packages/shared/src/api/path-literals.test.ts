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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A call's path as code might spell it out: in quotes or a template, with or without its
 * leading slash (`'agent/enrol'`, which a client joins to its base URL), after `/api` or `api/`,
 * or after a `${…}` of the template (`${base}/agent/enrol`); a path parameter written as itself
 * or as a `${…}`. It ends the string, or a query or fragment begins.
 */
function pathLiteral(callPath: string): RegExp {
  const segments = callPath
    .replace(/^\//, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '(?::\\w+|\\$\\{[^}]*\\})' : escape(segment)));
  return new RegExp(`(?:['"\`]|\\})(?:/?api)?/?${segments.join('/')}(?:['"\`?#]|\\$\\{)`);
}

/**
 * Each call's path is written once, in its declaration: routes, the web client, menus and
 * services name the declaration instead (docs/architecture.md §5). Tests and the browser tests
 * may spell paths out, as a caller would.
 */
describe('API path literals', () => {
  it('are recognised however code spells them', () => {
    const enrol = pathLiteral('/agent/enrol');
    for (const spelled of [
      `'/agent/enrol'`,
      `'agent/enrol'`,
      '`api/agent/enrol`',
      `"/api/agent/enrol"`,
      '`${base}/agent/enrol`',
      '`/agent/enrol?x=${x}`',
    ])
      expect(spelled, spelled).toMatch(enrol);
    for (const other of [`'/agent/enrolment'`, `'/agent/enrol/x'`, `'enrol'`, `'x/agent/enrol'`])
      expect(other, other).not.toMatch(enrol);
    const download = pathLiteral('/owner/dw/:owner/:type');
    expect('`/owner/dw/${tenantId}/${id}`').toMatch(download);
    expect(`'/owner/dw/:owner/:type'`).toMatch(download);
    expect(`'/owner/dw/:owner/audit'`).not.toMatch(download);
  });

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
      const literal = pathLiteral(call.path);
      const places = texts.filter((t) => literal.test(t.text)).map((t) => t.f);
      expect
        .soft(places, call.path)
        .toEqual([places.find((p) => p.endsWith('.calls.ts')) ?? 'a *.calls.ts file']);
      expect.soft(places[0] ?? '', call.path).toMatch(/\.calls\.ts$/);
    }
  });
});
