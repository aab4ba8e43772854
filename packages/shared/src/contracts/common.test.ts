import { describe, expect, it } from 'vitest';
import { isMsUuidCursor, readTimeIdCursor, ZDate, ZSerialBound, ZSerialId } from './common.ts';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('the shared declarations of times, ids and cursors', () => {
  it('takes only times the calendar has, inside 1970–9999', () => {
    for (const v of [
      '2024-02-29',
      '2026-11-26T10:00:00Z',
      '2026-11-26T10:00+08:00',
      0,
      '1970-01-01',
    ])
      expect(ok(ZDate, v), String(v)).toBe(true);
    for (const v of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-01-01T23:00:61Z',
      '2026-01-01T00:00:00+24:00',
      'Feb 3 2026',
      '0000-01-01',
      8.64e15,
      true,
    ])
      expect(ok(ZDate, v), String(v)).toBe(false);
  });

  it('takes bigint ids up to int8, as text', () => {
    expect(ok(ZSerialId, '9223372036854775807')).toBe(true);
    expect(ok(ZSerialId, '9223372036854775808')).toBe(false);
    expect(ok(ZSerialId, '99999999999999999999')).toBe(false);
    expect(ok(ZSerialId, '0')).toBe(false);
    expect(ok(ZSerialBound, '0')).toBe(true);
    expect(ok(ZSerialBound, '9223372036854775808')).toBe(false);
    // Refused, not thrown: a refusal the caller reads as a bad field, not as malformed JSON.
    for (const v of ['abc', '12a', '2026-11-26T08:00:01.000000Z_42', '-1', ''])
      expect([v, ok(ZSerialId, v), ok(ZSerialBound, v)]).toEqual([v, false, false]);
  });

  it('reads a cursor only when it names a real time and an id within int8', () => {
    expect(readTimeIdCursor('2026-11-26T08:00:01.000000Z_42')).toEqual({
      at: '2026-11-26T08:00:01.000000Z',
      id: '42',
    });
    expect(readTimeIdCursor('2026-02-30T25:61:61.000000Z_1')).toBeNull();
    expect(readTimeIdCursor('2026-01-01T00:00:00.000000Z_9223372036854775808')).toBeNull();
    expect(readTimeIdCursor('1969-12-31T23:59:59.000000Z_1')).toBeNull();
    const cursor = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_');
    const id = '0b8f3f1e-4b7a-4c39-9d6e-2f1f5a3c9e11';
    expect(isMsUuidCursor(cursor(`1764000000000.${id}`).replace(/=+$/, ''))).toBe(true);
    expect(isMsUuidCursor(cursor(`8640000000000001.${id}`))).toBe(false);
    expect(isMsUuidCursor('not base64!')).toBe(false);
  });
});
