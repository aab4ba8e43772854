import { rule } from '@edp/shared/contracts/field-rules';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../errors/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The `next` of a page keyed by a time (ms) and a record id (ZMsUuidCursor): `<ms>.<uuid>` in
 * base64url. A time of 0 where a page is keyed by id alone.
 */
export const msUuidCursor = (ms: number, id: string) =>
  Buffer.from(`${ms}.${id}`, 'utf8').toString('base64url');

/**
 * The time and id a `cursor` names, undefined without one. The id must be a real uuid: one only
 * shaped like it (`-` anywhere) reached the database as a 500 (the fuzz suite, issue 37).
 */
export function readMsUuidCursor(c: string | undefined): { at: number; id: string } | undefined {
  if (!c) return undefined;
  const [ms, id] = Buffer.from(c, 'base64url').toString('utf8').split('.');
  const at = Number(ms);
  if (!Number.isSafeInteger(at) || !id || !UUID.test(id))
    throw new AppError(CommonErr.Invalid, { field: 'body.cursor', detail: rule('cursor') });
  return { at, id };
}
