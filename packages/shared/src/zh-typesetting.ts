/**
 * How zh-CN texts are typeset, as a check the web's locales and the server's texts both run
 * (issue 35, point 18: "1 小时 的", "从 半年 缩短为 1 个月", "状态: 全部").
 *
 * The rule, taken from what the existing texts already do everywhere (229 places, no exception):
 * - no space between two Chinese characters, or between one and Chinese punctuation;
 * - one space between a Chinese character and Latin letters or digits ("IP 地址", "24 小时"),
 *   never none;
 * - a colon is the full-width "：", never ": ".
 *
 * Placeholders are checked as the text a reader meets: the web's `{{name}}` filled with Chinese
 * words (durations, periods, kinds, field labels: WORD_PLACEHOLDERS) as such words, the others
 * and the server's `{name}` (counts, names, addresses, codes, field paths) as Latin text.
 */
const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff';
/** Chinese punctuation: 、。「」《》（）：；，！？… */
const ZH_PUNCT = '\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\u2026\\u201c\\u201d';

/**
 * Placeholders the texts fill with Chinese words rather than numbers or names, and what they may
 * hold: a text is checked once with each sample (a period is "半年" or "1 个月").
 */
export const WORD_PLACEHOLDERS: Record<string, readonly string[]> = {
  window: ['1 小时', '2 天 3 小时'],
  period: ['半年', '1 个月'],
  fromPeriod: ['半年', '1 个月'],
  toPeriod: ['1 个月', '半年'],
  kind: ['提权', '学习模式'],
  backup: ['，删除前先备份'],
  field: ['名称'],
  action: ['加密'],
  command: ['加密目录'],
  classes: ['大写字母'],
  state: ['测试中'],
};

const RULES: [fault: string, pattern: RegExp][] = [
  ['space between Chinese', new RegExp(`[${HAN}${ZH_PUNCT}] +[${HAN}${ZH_PUNCT}]`)],
  ['no space before Latin or digits', new RegExp(`[${HAN}][A-Za-z0-9]`)],
  ['no space after Latin or digits', new RegExp(`[A-Za-z0-9][${HAN}]`)],
  ['ASCII colon', /[^:\s]: /],
];

/** The text as a reader meets it, with the `nth` sample of each word placeholder. */
export function filled(text: string, nth = 0): string {
  return text.replace(/(\{\{?)(\w+)\}?\}/g, (_, open: string, name: string) => {
    const samples = open === '{{' ? WORD_PLACEHOLDERS[name] : undefined;
    return samples ? samples[nth % samples.length]! : 'x7';
  });
}

/** The rules a zh-CN text breaks, by name (none for a text with no Chinese in it). */
export function zhTypesettingFaults(text: string): string[] {
  if (!new RegExp(`[${HAN}]`).test(text)) return [];
  const shown = [filled(text, 0), filled(text, 1)];
  return RULES.filter(([, pattern]) => shown.some((t) => pattern.test(t))).map(([fault]) => fault);
}
