import { describe, expect, it } from 'vitest';
import {
  GIT_URL_PATTERN,
  IPV4_PATTERN,
  NAME_PATTERN,
  PHONE_PATTERN,
  isPort,
  isRange,
  passwordSatisfies,
} from './rules.ts';

describe('password rule (docs/product.md §5)', () => {
  it('by default asks for 8-20 characters with upper, lower case and a digit', () => {
    expect(passwordSatisfies('Abcdefg1')).toBe(true);
    expect(passwordSatisfies('Abcdef1')).toBe(false); // 7 characters
    expect(passwordSatisfies('Abcdefghijklmnopqrs12')).toBe(false); // 21 characters
    expect(passwordSatisfies('abcdefg1')).toBe(false); // no upper case
    expect(passwordSatisfies('ABCDEFG1')).toBe(false); // no lower case
    expect(passwordSatisfies('Abcdefgh')).toBe(false); // no digit
    expect(passwordSatisfies('Abcd efg1')).toBe(false); // white space
  });

  it("follows an owner's classes and length range instead", () => {
    const policy = {
      list: ['lower' as const, 'special' as const],
      range: [6, 8] as [number, number],
    };
    expect(passwordSatisfies('abc#de', policy)).toBe(true);
    expect(passwordSatisfies('abcdef', policy)).toBe(false);
    expect(passwordSatisfies('abc#defgh', policy)).toBe(false);
  });

  it("lets an owner's pattern replace the classes, and refuses a broken pattern", () => {
    expect(passwordSatisfies('12345678', { reg: '^\\d+$', list: [], range: [8, 20] })).toBe(true);
    expect(passwordSatisfies('1234567a', { reg: '^\\d+$', list: [], range: [8, 20] })).toBe(false);
    expect(passwordSatisfies('12345678', { reg: '([', list: [], range: [8, 20] })).toBe(false);
  });
});

describe('other rules', () => {
  it('accepts mainland mobiles with an optional +86 or 0086', () => {
    for (const ok of ['13812345678', '+8619912345678', '008615012345678'])
      expect(PHONE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['12812345678', '1381234567', '+85213812345678', '138123456789'])
      expect(PHONE_PATTERN.test(bad)).toBe(false);
  });

  it('checks IPs, ports, intervals, names and git addresses', () => {
    expect(IPV4_PATTERN.test('192.168.0.255')).toBe(true);
    expect(IPV4_PATTERN.test('256.1.1.1')).toBe(false);
    expect(isPort(443)).toBe(true);
    expect(isPort(0)).toBe(false);
    expect(isPort(65536)).toBe(false);
    expect(isRange(3, 3)).toBe(true);
    expect(isRange(4, 3)).toBe(false);
    expect(isRange(undefined, 3)).toBe(false);
    expect(NAME_PATTERN.test('张三')).toBe(true);
    expect(NAME_PATTERN.test('zhang san')).toBe(false);
    expect(NAME_PATTERN.test('x'.repeat(20))).toBe(false);
    expect(GIT_URL_PATTERN.test('https://git.example.cn/edp/agent.git')).toBe(true);
    expect(GIT_URL_PATTERN.test('ftp://git.example.cn/edp/agent.git')).toBe(false);
    expect(GIT_URL_PATTERN.test('ssh://git.example.cn/edp/agent')).toBe(false);
  });
});
