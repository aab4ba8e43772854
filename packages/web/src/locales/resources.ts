import type { Language } from './types.ts';

/**
 * HOW TO ADD A NAMESPACE (no edit of this file needed):
 * 1. Create `zh-CN/<ns>.ts`: `const <ns> = { … }; export default <ns>;` and, in the same file,
 *    `declare module 'i18next' { interface ResourceNamespaceMap { '<ns>': typeof <ns> } }`
 *    so `useTranslation('<ns>')` and `t('<ns>:key')` are typed.
 * 2. Create `en-US/<ns>.ts`: `const <ns>: DeepString<typeof zh> = { … }` (import zh's type),
 *    so a key missing in English fails `tsc`.
 * Every `*.ts` under zh-CN/ and en-US/ is bundled eagerly by the glob below. Long texts that
 * only one page needs (legal documents) are named `<ns>.lazy.ts` instead: they are left out
 * here and the page registers them with `addLazyNamespace` (see `i18n.ts`).
 */
type Bundle = Record<string, Record<string, unknown>>;

const modules = import.meta.glob<{ default: Record<string, unknown> }>(
  ['./*-*/*.ts', '!./*-*/*.lazy.ts', '!./*-*/*.test.ts'],
  { eager: true },
);

function collect(language: Language): Bundle {
  const bundle: Bundle = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.ts$/.exec(path);
    if (match?.[1] === language && match[2]) bundle[match[2]] = module.default;
  }
  return bundle;
}

export const resources: Record<Language, Bundle> = {
  'zh-CN': collect('zh-CN'),
  'en-US': collect('en-US'),
};
