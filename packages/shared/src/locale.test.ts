import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, pickLocale } from './locale.ts';

describe('language choice (docs/product.md §1)', () => {
  it('takes any Chinese for Simplified Chinese and anything else for English', () => {
    expect(pickLocale('zh')).toBe('zh-CN');
    expect(pickLocale('zh-TW')).toBe('zh-CN');
    expect(pickLocale('en-GB')).toBe('en-US');
    expect(pickLocale('fr')).toBe('en-US');
    expect(pickLocale(undefined)).toBe('en-US');
  });

  it('reads the preferred language of Accept-Language, Chinese when there is none', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-CN');
    expect(localeFromAcceptLanguage('')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('*')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en-US');
    expect(localeFromAcceptLanguage('en;q=0.5, zh-CN;q=0.9')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('de-DE')).toBe('en-US');
  });
});
