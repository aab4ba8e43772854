import { zhTypesettingFaults } from '@edp/shared/zh-typesetting';
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

  // The typesetting rule itself (spaces, colons) is written down in @edp/shared/zh-typesetting.
  it('have no stray spaces, a space beside Latin and digits, and no ASCII colon', () => {
    const found = Object.entries(modules).flatMap(([file, m]) =>
      strings(m.default, file)
        .map(([at, text]) => [at, text, zhTypesettingFaults(text).join(', ')])
        .filter(([, , faults]) => faults),
    );
    expect(found).toEqual([]);
  });

  it('catch each class of fault', () => {
    expect(zhTypesettingFaults('通过后，引擎将获得 {{window}} 的{{kind}}时间窗口。')).toEqual([
      'space between Chinese',
    ]);
    expect(zhTypesettingFaults('保留期从 {{fromPeriod}} 缩短为 {{toPeriod}}')).toEqual([
      'space between Chinese',
    ]);
    expect(zhTypesettingFaults('状态: 全部')).toEqual(['ASCII colon']);
    expect(zhTypesettingFaults('最近24小时')).toEqual([
      'no space before Latin or digits',
      'no space after Latin or digits',
    ]);
    expect(zhTypesettingFaults('共 {{total}} 条，最近 24 小时：IP 地址')).toEqual([]);
  });

  // "状态: 全部" was two texts joined in code with an ASCII colon: a label and its value are one
  // text in the locale (common.labelled, or a key of their own), so each language has its colon.
  it('are not joined to a value with ": " in code', () => {
    const sources = import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.test.*'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const joined = Object.entries(sources).filter(([, text]) => /\}: \$\{/.test(text));
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(joined.map(([file]) => file)).toEqual([]);
  });
});
