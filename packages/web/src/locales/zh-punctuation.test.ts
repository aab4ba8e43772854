import { describe, expect, it } from 'vitest';

/**
 * Chinese texts use Chinese punctuation: “引号”, （括号）, ：and ，— never the ASCII forms beside a
 * Chinese character (issue 10: 以下简称"本平台", 访问控制加密 (PWE)).
 */
const modules = import.meta.glob<{ default: unknown }>('./zh-CN/*.ts', { eager: true });

function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  }
  return [];
}

const CJK = '[\\u4e00-\\u9fff]';
const asciiBesideChinese = new RegExp(`${CJK}\\s?[:"(,;]|["]\\s?${CJK}|\\)\\s?${CJK}`);

describe('zh-CN texts', () => {
  it('use Chinese punctuation beside Chinese characters', () => {
    const found = Object.entries(modules).flatMap(([file, m]) =>
      strings(m.default, file).filter(([, text]) => asciiBesideChinese.test(text)),
    );
    const all = Object.entries(modules).flatMap(([file, m]) => strings(m.default, file));
    expect(all.length).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });
});
