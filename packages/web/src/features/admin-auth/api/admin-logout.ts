import { post } from '../../../lib/http.ts';
import { clearAdmin } from '../../../lib/session.ts';

/** Console logout (SPEC §7 login module). */
export const ADMIN_LOGOUT_PATH = '/login/login/out';

export async function adminLogout(): Promise<void> {
  try {
    await post<void>(ADMIN_LOGOUT_PATH, {}, { silent: true });
  } catch {
    // Local sign-out must happen even when the server cannot be reached.
  } finally {
    clearAdmin();
  }
}
