/**
 * What PostgreSQL text and jsonb cannot hold: NUL, and unpaired UTF-16 surrogates (not UTF-8).
 * With the `u` flag a proper pair reads as one code point, so only a lone half matches \p{Cs}.
 */
export const UNSTORABLE = /\0|\p{Cs}/u;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'gu');

/** `text` cut to `max` characters with anything PostgreSQL refuses replaced by U+FFFD. */
export function storableText(text: string, max: number): string {
  // Cut first: a cut between the halves of a pair leaves a lone half, replaced below.
  return text.slice(0, max).replace(UNSTORABLE_ALL, '\ufffd');
}

/**
 * `value` as jsonb can hold it: JSON.stringify writes NUL and lone surrogates as \u escapes,
 * which jsonb refuses; they become U+FFFD. Undefined when its JSON is longer than `maxChars`.
 */
export function storableJson<T>(value: T, maxChars: number): T | undefined {
  if (value === undefined) return undefined;
  const json = JSON.stringify(value).replace(/\\u(0000|d[89a-f][0-9a-f]{2})/gi, '\\ufffd');
  return json.length > maxChars ? undefined : (JSON.parse(json) as T);
}
