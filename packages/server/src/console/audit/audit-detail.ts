import { BUILT_IN_ROLES, type BuiltInRoleKey } from '@edp/shared/built-in-roles';
import type { TAuditChange } from '@edp/shared/contracts/console-admin';
import type { Locale } from '@edp/shared/errors';
import type { NamedRecord } from './audit-repository.ts';
import { splitSeconds } from '@edp/shared/ack-window';
import {
  ACTION_FIELDS,
  DEVICES_TARGET,
  DURATION_WORDS,
  FIELD_LABELS,
  NOTES,
  SEPARATORS,
  VALUE_WORDS,
  YES_NO,
} from './audit-texts.ts';

/**
 * An entry's detail `{ before?, after?, note? }` as a reader reads it: one row per field, its
 * label and values in the reader's language, roles, groups and users by name rather than id.
 * The list answer and the CSV both read entries through here.
 */

export type Names = ReadonlyMap<string, NamedRecord>;

/** Fields that hold the id of a role, group or user, or a list of group ids. */
const ID_FIELDS = new Set(['roleId', 'groupId', 'parentId', 'toGroupId', 'userId']);
const ID_LIST_FIELDS = new Set(['groupIds']);
const TIME_FIELDS = new Set(['startAt', 'endAt', 'expiresAt', 'validUntil', 'from', 'to']);
/** Numbers of seconds, shown as days, hours, minutes and seconds. */
const DURATION_FIELDS = new Set(['windowS', 'maxWindowS']);
/** Recorded beside an id that is now shown by name. */
export const HIDDEN_FIELDS = new Set(['toGroupName']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Detail = {
  before?: unknown;
  after?: unknown;
  note?: unknown;
  /** The devices an entry names (their first AUDIT_DEVICES_NAMED) and, of a bulk action, how many. */
  devices?: unknown;
  count?: unknown;
};
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const detailOf = (detail: unknown): Detail => (isRecord(detail) ? detail : {});

/** One side as fields: nested objects one level deep as `outer.inner`, a list as `items`. */
function fieldsOf(side: unknown): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (Array.isArray(side)) fields.set('items', side);
  else if (isRecord(side)) {
    for (const [key, value] of Object.entries(side)) {
      if (HIDDEN_FIELDS.has(key)) continue;
      // The group's name recorded beside its id: the id is shown by its name already.
      if (key === 'group' && 'groupId' in side) continue;
      if (isRecord(value)) {
        for (const [inner, v] of Object.entries(value)) fields.set(`${key}.${inner}`, v);
      } else fields.set(key, value);
    }
  }
  return fields;
}

/** The ids a detail names, to look their names up once for a page of entries. */
export function idsIn(detail: unknown): string[] {
  const ids: string[] = [];
  const walk = (value: unknown, field: string) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, field);
    } else if (isRecord(value)) {
      for (const [key, v] of Object.entries(value)) walk(v, key);
    } else if (typeof value === 'string' && UUID.test(value)) {
      if (ID_FIELDS.has(field) || ID_LIST_FIELDS.has(field)) ids.push(value);
    }
  };
  const { before, after } = detailOf(detail);
  walk(before, '');
  walk(after, '');
  return ids;
}

/** A field's name: its label, else its own name in words (`jobTitle` → "Job title"). */
export function fieldLabel(field: string, locale: Locale): string {
  const known = FIELD_LABELS[field]?.[locale];
  if (known) return known;
  const words = (field.split('.').at(-1) ?? field).replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function duration(seconds: number, locale: Locale): string {
  const parts = Object.entries(splitSeconds(seconds))
    .filter(([, n]) => n > 0)
    .map(([unit, n]) =>
      DURATION_WORDS[unit as keyof typeof DURATION_WORDS][locale].replace('{n}', String(n)),
    );
  if (parts.length === 0) return DURATION_WORDS.seconds[locale].replace('{n}', '0');
  return parts.join(' ');
}

function readable(field: string, value: unknown, locale: Locale, names: Names): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return YES_NO[value ? 'yes' : 'no'][locale];
  if (typeof value === 'number' && DURATION_FIELDS.has(field)) return duration(value, locale);
  if (typeof value === 'number')
    return VALUE_WORDS[field]?.[String(value)]?.[locale] ?? String(value);
  if (Array.isArray(value)) {
    if (field === 'pwdMatch.range' && value.length === 2) return `${value[0]}–${value[1]}`;
    const parts = value.map((v) => readable(field, v, locale, names));
    const objects = value.some(isRecord);
    return parts.join(objects ? SEPARATORS.fields[locale] : SEPARATORS.list[locale]);
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .filter(([key]) => !HIDDEN_FIELDS.has(key))
      .map(
        ([key, v]) =>
          `${fieldLabel(key, locale)}${SEPARATORS.pair[locale]}${readable(key, v, locale, names) || '—'}`,
      )
      .join(SEPARATORS.list[locale]);
  }
  const text = String(value);
  const leaf = field.split('.').at(-1) ?? field;
  if (ID_FIELDS.has(leaf) || ID_LIST_FIELDS.has(leaf)) {
    const named = names.get(text);
    if (!named) return text;
    return named.roleKey ? BUILT_IN_ROLES[named.roleKey].name[locale] : named.name;
  }
  if (field === 'duties' && text in BUILT_IN_ROLES) {
    return BUILT_IN_ROLES[text as BuiltInRoleKey].name[locale];
  }
  return VALUE_WORDS[field]?.[text]?.[locale] ?? text;
}

/**
 * Fields in the order FIELD_LABELS lists them (who, what, where before how), others after in
 * the order stored: jsonb keeps keys by length, not as the service wrote them.
 */
const FIELD_ORDER = new Map(Object.keys(FIELD_LABELS).map((field, i) => [field, i]));
const orderOf = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;

/** A side's fields under the names the action means them by (ACTION_FIELDS). */
function renamed(fields: Map<string, unknown>, action: string): Map<string, unknown> {
  const names = ACTION_FIELDS[action];
  if (!names) return fields;
  return new Map([...fields].map(([field, v]) => [names[field] ?? field, v]));
}

/** The detail's fields, with both sides and whether they differ; `action` is the entry's. */
export function readableChanges(
  detail: unknown,
  locale: Locale,
  names: Names,
  action = '',
): TAuditChange[] {
  const { before, after } = detailOf(detail);
  const was = renamed(fieldsOf(before), action);
  const now = renamed(fieldsOf(after), action);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  fields.sort((a, b) => orderOf(a) - orderOf(b));
  return fields.map((field) => ({
    field,
    label: fieldLabel(field, locale),
    before: was.has(field) ? readable(field, was.get(field), locale, names) : null,
    after: now.has(field) ? readable(field, now.get(field), locale, names) : null,
    changed:
      was.has(field) &&
      now.has(field) &&
      JSON.stringify(was.get(field)) !== JSON.stringify(now.get(field)),
    time: TIME_FIELDS.has(field),
  }));
}

export interface NamedDevice {
  id: string;
  name: string;
}

/** The devices an entry names, and how many it touched beyond them (a bulk action's). */
export function devicesIn(detail: unknown): { devices: NamedDevice[]; more: number } {
  const { devices, count } = detailOf(detail);
  const named = Array.isArray(devices)
    ? devices.filter(
        (d): d is NamedDevice =>
          isRecord(d) && typeof d.id === 'string' && typeof d.name === 'string',
      )
    : [];
  const more = typeof count === 'number' ? Math.max(0, count - named.length) : 0;
  return { devices: named.map(({ id, name }) => ({ id, name })), more };
}

/**
 * The target as the reader reads it: of a bulk action "4 devices: srv-01, srv-02" (and "and M
 * more" past those it names), anything else as recorded.
 */
export function readableTarget(target: string, detail: unknown, locale: Locale): string {
  const { count } = detailOf(detail);
  if (typeof count !== 'number') return target;
  const { devices, more } = devicesIn(detail);
  const words = DEVICES_TARGET[count === 1 ? 'one' : 'many'][locale]
    .replace('{count}', String(count))
    .replace('{names}', devices.map((d) => d.name).join(SEPARATORS.list[locale]));
  return more > 0 ? words + DEVICES_TARGET.more[locale].replace('{more}', String(more)) : words;
}

/** The detail's note in the reader's language; a note the server does not know, as written. */
export function readableNote(detail: unknown, locale: Locale): string {
  const { note } = detailOf(detail);
  return typeof note === 'string' ? (NOTES[note]?.[locale] ?? note) : '';
}

/**
 * Changes and note as one line of text (the CSV): of an edit the fields that changed, `label:
 * before → after`; of anything else every field, `label: value`. `time` writes ISO times as the
 * reader's zone reads them.
 */
export function changesText(
  changes: readonly TAuditChange[],
  note: string,
  locale: Locale,
  time: (iso: string) => string,
): string {
  const value = (c: TAuditChange, v: string | null) => (v ? (c.time ? time(v) : v) : '—');
  const changed = changes.filter((c) => c.changed);
  const parts = (changed.length > 0 ? changed : changes).map((c) => {
    const shown = c.changed
      ? `${value(c, c.before)} → ${value(c, c.after)}`
      : value(c, c.after ?? c.before);
    return `${c.label}${SEPARATORS.pair[locale]}${shown}`;
  });
  if (note) parts.push(note);
  return parts.join(SEPARATORS.fields[locale]);
}
