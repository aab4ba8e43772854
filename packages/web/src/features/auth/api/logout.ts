import { companyLogout } from '@edp/shared/api/portal/account.calls';
import { callApi } from '../../../lib/api.ts';
import { clearCompany } from '../../../lib/session.ts';

/** Ends the server session; the local one is cleared even if the call fails (offline). */
export async function logout(): Promise<void> {
  try {
    await callApi(companyLogout, {}, { silent: true });
  } catch {
    // The token dies with its idle timeout anyway; never keep a user signed in locally.
  } finally {
    clearCompany();
  }
}
