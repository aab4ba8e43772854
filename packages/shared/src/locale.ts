import type { Locale } from './errors.ts';

/** Any `zh*` language means Simplified Chinese; everything else English (docs/product.md §1). */
export function pickLocale(language: string | null | undefined): Locale {
  return language && language.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/**
 * Locale from an Accept-Language header: the first listed language decides. Without a header
 * the server answers in Chinese, the product's default.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header || !header.trim()) return 'zh-CN';
  const first = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((p) => p.tag && p.q > 0)
    .sort((a, b) => b.q - a.q)[0];
  if (!first || first.tag === '*') return 'zh-CN';
  return pickLocale(first.tag);
}
