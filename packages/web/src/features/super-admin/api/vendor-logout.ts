import { vendorLogout as vendorLogoutCall } from '@edp/shared/api/portal/vendor.calls';
import { callApi } from '../../../lib/api.ts';
import { clearVendor } from '../../../lib/vendor-session.ts';

/** Ends the vendor session; the local one is cleared even if the call fails. */
export async function vendorLogout(): Promise<void> {
  try {
    await callApi(vendorLogoutCall, {}, { silent: true });
  } catch {
    // The token dies with its idle timeout anyway.
  } finally {
    clearVendor();
  }
}
