/**
 * The shape of a zh-CN namespace with every leaf widened to `string`: en-US files are typed
 * with it, so a key missing (or extra) in one language fails the type check.
 */
export type DeepString<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? DeepString<U>[]
    : { [K in keyof T]: DeepString<T[K]> };

export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
