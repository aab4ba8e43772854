import { describe, expect, it } from 'vitest';

/**
 * One name for one thing on every English screen: "license", as the portal's menu "My license"
 * has it and docs/decisions.md chose (issue 10); the console had mixed in "licence" (issue 35,
 * point 15). Code names keep "licence" (docs/decisions.md, names table): only texts are read.
 */
const modules = import.meta.glob<{ default: unknown }>('./en-US/*.ts', { eager: true });

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  }
  return [];
}

describe('en-US texts', () => {
  it('say "license", never "licence"', () => {
    const all = Object.entries(modules).flatMap(([file, m]) => strings(m.default, file));
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter(([, text]) => /\blicences?\b/i.test(text))).toEqual([]);
  });
});
