import type { FormInstance } from 'antd';
import { ApiError } from './http.ts';

/**
 * Puts a refusal the server names a field for (errCode -10001, data {field, reason}) under that
 * field of `form`, in the reason's words, and tells the HTTP client not to toast it. A form
 * calls it in its submit's catch; `names` maps a server field to the form's where they differ.
 * Returns whether the field was on the form.
 */
export function showOnField(
  form: FormInstance,
  error: unknown,
  names: Record<string, (string | number)[]> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.refusal) return false;
  const { field, reason } = error.refusal;
  const path = field.replace(/^body\./, '');
  const name = names[path] ?? path.split('.');
  if (!form.getFieldInstance(name)) return false;
  form.setFields([{ name, errors: [reason] }]);
  error.shownOnField = true;
  return true;
}

/**
 * The same for a form kept off antd's Form: the refusal when it names one of `fields` (marked
 * shown, so the HTTP client does not toast it), for the form to put under that field.
 */
export function refusalOn(
  error: unknown,
  fields: readonly string[],
): { field: string; reason: string } | undefined {
  if (!(error instanceof ApiError) || !error.refusal) return undefined;
  const field = error.refusal.field.replace(/^body\./, '');
  if (!fields.includes(field)) return undefined;
  error.shownOnField = true;
  return { field, reason: error.refusal.reason };
}
