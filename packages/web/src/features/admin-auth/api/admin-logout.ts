import { consoleLogout } from '@edp/shared/api/console/login.calls';
import { callApi } from '../../../lib/api.ts';
import { clearAdmin } from '../../../lib/session.ts';

/** Console logout (docs/product.md §7 login module). */
export async function adminLogout(): Promise<void> {
  try {
    await callApi(consoleLogout, {}, { silent: true });
  } catch {
    // Local sign-out must happen even when the server cannot be reached.
  } finally {
    clearAdmin();
  }
}
