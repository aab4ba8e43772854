import { describe, expect, it } from 'vitest';
import { locales } from '../errors.ts';
import { MENU_MODES } from '../permissions.ts';
import type { Call } from './define.ts';
import { CALL_MODULES, CALLS } from './registry.ts';

const declared = Object.entries(CALL_MODULES).flatMap(([file, mod]) =>
  Object.entries(mod as Record<string, Call>).map(([name, call]) => ({ file, name, call })),
);

describe('the call registry', () => {
  it('names every call once across all declaration files', () => {
    const names = declared.map((d) => d.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(Object.keys(CALLS).sort()).toEqual([...names].sort());
  });

  it('declares every method and path once', () => {
    const routes = declared.map((d) => `${d.call.method} ${d.call.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('gives POST calls a body and GET calls no body, with a schema for each path parameter', () => {
    for (const { name, call } of declared) {
      expect.soft(call.method === 'POST' ? !!call.body : !call.body, name).toBe(true);
      const params = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (params.length > 0) expect.soft(call.params, name).toBeDefined();
    }
  });

  it('names only known duties in console access', () => {
    for (const { name, call } of declared) {
      const { access } = call;
      if (access.who !== 'console' || access.self) continue;
      expect.soft(access.duties.length, name).toBeGreaterThan(0);
      for (const duty of access.duties) expect.soft(MENU_MODES, name).toContain(duty);
    }
  });

  it('labels every call in both languages, once, in words rather than a path', () => {
    for (const locale of locales) {
      const labels = declared.map((d) => d.call.label[locale]?.trim() ?? '');
      for (const [i, label] of labels.entries()) {
        expect.soft(label, `${declared[i]!.name} ${locale}`).not.toBe('');
        expect.soft(label, `${declared[i]!.name} ${locale}`).not.toMatch(/^\//);
      }
      // The audit page's action filter offers the labels: two alike could not be told apart.
      expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    }
    for (const { name, call } of declared) {
      expect.soft(call.label['zh-CN'], name).toMatch(/[\u4e00-\u9fff]/);
      expect.soft(call.label['en-US'], name).toMatch(/^[A-Z][\x20-\x7e]*$/);
    }
  });
});
