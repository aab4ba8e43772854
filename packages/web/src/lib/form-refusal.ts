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
