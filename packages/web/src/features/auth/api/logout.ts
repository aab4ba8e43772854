import { post } from '../../../lib/http.ts';
import { clearCompany } from '../../../lib/session.ts';

export const LOGOUT_PATH = '/com/n/loginout';

/** Ends the server session; the local one is cleared even if the call fails (offline). */
export async function logout(): Promise<void> {
  try {
    await post<void>(LOGOUT_PATH, {}, { silent: true });
  } catch {
    // The token dies with its idle timeout anyway; never keep a user signed in locally.
  } finally {
    clearCompany();
  }
}
