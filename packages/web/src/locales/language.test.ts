import { afterEach, describe, expect, it } from 'vitest';
import { detectLanguage, initialLanguage, storeLanguage } from './language.ts';

describe('language detection', () => {
  afterEach(() => localStorage.clear());

  it('prefers the stored choice', () => {
    expect(detectLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(detectLanguage('zh-CN', ['en-GB'])).toBe('zh-CN');
  });

  it('maps any zh* browser language to zh-CN and everything else to en-US', () => {
    expect(detectLanguage(undefined, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(detectLanguage(undefined, ['zh'])).toBe('zh-CN');
    expect(detectLanguage(undefined, ['de-DE', 'zh-CN'])).toBe('en-US');
    expect(detectLanguage('fr', ['en-US'])).toBe('en-US');
  });

  it('defaults to zh-CN without any hint', () => {
    expect(detectLanguage(undefined, [])).toBe('zh-CN');
  });

  it('reads the stored choice back through encrypted storage', () => {
    storeLanguage('en-US');
    expect(initialLanguage()).toBe('en-US');
  });
});
