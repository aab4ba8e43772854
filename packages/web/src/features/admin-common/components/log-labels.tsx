import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@edp/shared/errors';
import type { LOG_VALUE_WORDS } from '@edp/shared/log-words';
import { logWord } from '@edp/shared/log-words';
import { TAG } from '../lib/tag-colors.ts';

type Family = keyof typeof LOG_VALUE_WORDS;

/**
 * A log value in the reader's words, the very words the server writes into exports
 * (@edp/shared/log-words): "Denied" / "拒绝", not `denied`.
 */
export function useLogWord(): (family: Family, value: string) => string {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return (family, value) => logWord(family, value, locale);
}

/** The choices of a filter or form field, each value in the reader's words. */
export function useLogOptions() {
  const word = useLogWord();
  return <T extends string>(family: Family, values: readonly T[]) =>
    values.map((value) => ({ value, label: word(family, value) }));
}

/** A log event's time to the second, in the reader's zone: events come seconds apart. */
export function formatSeconds(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A file's SHA-256, cut to its first 12 digits; the whole one on hover and for readers. */
export function ShortHash({ sha256 }: { sha256: string }) {
  if (!sha256) return <>—</>;
  return (
    <code title={sha256} aria-label={sha256}>
      {sha256.slice(0, 12)}…
    </code>
  );
}

const OUTCOME_COLOR: Record<string, string> = { allowed: TAG.ok, denied: TAG.bad };
const STATE_COLOR: Record<string, string> = { new: TAG.bad, seen: TAG.warn, handled: TAG.ok };
const CHANGE_COLOR: Record<string, string> = {
  altered: TAG.bad,
  deleted: TAG.bad,
  added: TAG.info,
  removed: TAG.warn,
};

/** An outcome, alert state or change as a dark solid tag (readable: tag-colors.ts). */
export function LogTag({
  family,
  value,
}: {
  family: 'outcome' | 'state' | 'action';
  value: string;
}) {
  const word = useLogWord();
  if (!value) return <>—</>;
  const colors =
    family === 'outcome' ? OUTCOME_COLOR : family === 'state' ? STATE_COLOR : CHANGE_COLOR;
  return <Tag color={colors[value] ?? TAG.muted}>{word(family, value)}</Tag>;
}
