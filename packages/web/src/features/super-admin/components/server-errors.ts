import type { FormInstance } from 'antd';
import { showOnField } from '../../../lib/form-refusal.ts';
import { ApiError } from '../../../lib/http.ts';

/** A form field's path, as antd names it. */
type FieldPath = (string | number)[];

/**
 * After a failed save, the server's message under the field it concerns: a refused field
 * (errCode -10001 names it, lib/form-refusal.ts) or a conflict the form maps from its errCode
 * (a domain in use → the domain field). Other failures were toasted by the HTTP client.
 */
export function showServerError(
  form: FormInstance,
  error: unknown,
  conflicts: Record<number, FieldPath> = {},
): void {
  const field = error instanceof ApiError ? conflicts[error.errCode] : undefined;
  if (!showOnField(form, error) && field && error instanceof ApiError) {
    form.setFields([{ name: field, errors: [error.msg] }]);
  }
  // Focus the field to correct; the busy OK button had taken focus out of the dialog, where
  // Esc would no longer reach it.
  const refused = form.getFieldsError().find((f) => f.errors.length > 0);
  if (refused) form.focusField(refused.name);
}
