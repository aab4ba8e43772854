import { post } from '../../../lib/http.ts';
import { clearVendor } from '../../../lib/vendor-session.ts';

export const VENDOR_LOGOUT_PATH = '/sa/n/loginout';

/** Ends the vendor session; the local one is cleared even if the call fails. */
export async function vendorLogout(): Promise<void> {
  try {
    await post<void>(VENDOR_LOGOUT_PATH, {}, { silent: true });
  } catch {
    // The token dies with its idle timeout anyway.
  } finally {
    clearVendor();
  }
}
