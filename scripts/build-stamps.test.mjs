import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STEPS } from './build-steps.mjs';
import {
  digestInputs,
  expandBraces,
  globRegExp,
  listInputs,
  staleReason,
  writeStamp,
} from './build-stamps.mjs';

// `npm start` builds a step again only when its inputs changed (scripts/build.mjs): what
// counts as a change, and that every source file of the product is some step's input.

describe('input globs', () => {
  it('match as globs do', () => {
    expect(globRegExp('src/**').test('src/a/b/c.ts')).toBe(true);
    expect(globRegExp('src/**/*.ts').test('src/c.ts')).toBe(true);
    expect(globRegExp('src/**/*.ts').test('src/a/b/c.ts')).toBe(true);
    expect(globRegExp('src/*.ts').test('src/a/c.ts')).toBe(false);
    expect(globRegExp('**/*.test.{ts,tsx}').test('src/a/x.test.tsx')).toBe(true);
    expect(globRegExp('**/*.test.{ts,tsx}').test('src/a/x.test.mjs')).toBe(false);
    expect(globRegExp('a.json').test('aXjson')).toBe(false);
    expect(expandBraces('p/{a,b}/{c,d}')).toEqual(['p/a/c', 'p/a/d', 'p/b/c', 'p/b/d']);
  });
});

describe('whether a step is current', () => {
  let root;
  const step = {
    name: 'thing',
    command: ['node', 'make.mjs'],
    inputs: ['src/**', 'make.mjs', 'lock.json', '!**/*.test.ts'],
    outputs: ['dist/thing.js'],
    stamp: 'dist/.build-thing.json',
  };
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const built = () => {
    write('dist/thing.js', 'made');
    writeStamp(root, step, digestInputs(root, step));
  };
  const stale = (s = step) => staleReason(root, s, digestInputs(root, s));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-build-stamps-'));
    write('src/a.ts', 'a');
    write('src/deep/b.ts', 'b');
    write('src/a.test.ts', 'test');
    write('src/node_modules/x/index.js', 'dependency');
    write('src/dist/old.js', 'output');
    write('make.mjs', 'make');
    write('lock.json', '{}');
    write('other.txt', 'not an input');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads the files its globs match, never tests, dependencies or outputs', () => {
    expect(listInputs(root, step.inputs)).toEqual([
      'lock.json',
      'make.mjs',
      'src/a.ts',
      'src/deep/b.ts',
    ]);
  });

  it('is not until it has run, and is after', () => {
    expect(stale()).toBe('not built yet');
    built();
    expect(stale()).toBeUndefined();
  });

  it('stays current when files are touched, rewritten alike or changed where it does not read', () => {
    built();
    const later = new Date(Date.now() + 60_000);
    for (const f of ['src/a.ts', 'make.mjs']) fs.utimesSync(path.join(root, f), later, later);
    write('src/deep/b.ts', 'b');
    write('src/a.test.ts', 'another test');
    write('other.txt', 'changed');
    expect(stale()).toBeUndefined();
  });

  it('is stale when an input changes, appears or goes', () => {
    built();
    write('src/deep/b.ts', 'b2');
    expect(stale()).toBe('1 input changed (src/deep/b.ts)');
    built();
    write('src/deep/new.ts', 'new');
    expect(stale()).toBe('1 input changed (src/deep/new.ts)');
    built();
    fs.rmSync(path.join(root, 'src/a.ts'));
    write('lock.json', '{"x":1}');
    expect(stale()).toBe('2 inputs changed (lock.json, src/a.ts)');
  });

  it('is stale when an output is missing or its command changed', () => {
    built();
    fs.rmSync(path.join(root, 'dist/thing.js'));
    expect(stale()).toBe('dist/thing.js missing');
    built();
    expect(stale({ ...step, command: ['node', 'make.mjs', '--more'] })).toBe('its command changed');
  });
});

describe("the build's steps", () => {
  const root = path.resolve(import.meta.dirname, '..');
  const inputsOf = (name) =>
    new Set(listInputs(root, BUILD_STEPS.find((s) => s.name === name).inputs));
  // Test files, and the test helpers under a package's src/test, are not what a build makes.
  const notTest = (f) => !/\.test\.[a-z]+$/.test(f) && !/^packages\/[^/]+\/src\/test\//.test(f);

  it('have the web app rebuilt for any of its sources, shared code or build config', () => {
    const web = inputsOf('web');
    const sources = listInputs(root, [
      'packages/web/**',
      'packages/shared/{src/**,package.json}',
      '!packages/web/{README.md,vitest.config.ts}',
      '!packages/web/scripts/**',
    ]).filter(notTest);
    expect(sources.filter((f) => !web.has(f))).toEqual([]);
    for (const f of ['packages/web/vite.config.ts', 'packages/web/index.html', 'package-lock.json'])
      expect(web.has(f)).toBe(true);
  });

  it('have the server rebuilt for any of its sources, shared code or build config', () => {
    const server = inputsOf('server');
    const sources = listInputs(root, [
      'packages/server/src/**',
      'packages/server/*.{mjs,json}',
      'packages/shared/{src/**,package.json}',
      '!packages/server/src/test/**',
    ]).filter(notTest);
    expect(sources.filter((f) => !server.has(f))).toEqual([]);
    expect(server.has('package-lock.json')).toBe(true);
  });

  it('have the database image remade for any migration, the database code or PGlite', () => {
    const image = inputsOf('database image');
    const sources = listInputs(root, [
      'packages/server/drizzle/**',
      'packages/server/src/platform/db/**',
    ]).filter(notTest);
    expect(sources.filter((f) => !image.has(f))).toEqual([]);
    expect(image.has('package-lock.json')).toBe(true);
  });

  it('each keep their stamp under the folder of their outputs', () => {
    for (const step of BUILD_STEPS) {
      expect(step.outputs.length).toBeGreaterThan(0);
      expect(step.outputs.every((o) => o.startsWith(path.dirname(step.stamp)))).toBe(true);
    }
  });
});
