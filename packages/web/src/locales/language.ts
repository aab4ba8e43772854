import { pickLocale } from '@edp/shared/locale';
import { asString, readItem, writeItem } from '../lib/storage.ts';
import type { Language } from './types.ts';

/**
 * The language to start with (docs/product.md §1): the stored choice, else the browser's first language
 * (any zh* means zh-CN, anything else en-US), else the product default zh-CN.
 */
export function detectLanguage(
  stored: string | undefined,
  browserLanguages: readonly string[] | undefined,
): Language {
  if (stored === 'zh-CN' || stored === 'en-US') return stored;
  const first = browserLanguages?.[0];
  return first ? pickLocale(first) : 'zh-CN';
}

export function initialLanguage(): Language {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const browser = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return detectLanguage(readItem('language', asString), browser);
}

export function storeLanguage(language: Language): void {
  writeItem('language', language);
}
