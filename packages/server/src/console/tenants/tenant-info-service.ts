import type { TTenantInfo } from '@edp/shared/contracts/tenant';
import type { Platform } from '../../platform/platform.ts';
import { defaultLoginSettings, loginSettingsOf, publicLoginSet } from './login-settings.ts';
import { domainOf, resolveTenant } from './resolve.ts';

export { domainOf };

export const defaultOwnerInfo: TTenantInfo = {
  sysName: '',
  company: '',
  sms: false,
  loginSet: publicLoginSet(defaultLoginSettings),
};

export function tenantInfoService({ db }: Pick<Platform, 'db'>) {
  return {
    /** Owner info of docs/product.md §3 for a host; the defaults when no tenant is served on it. */
    async infoForHost(host: string | undefined): Promise<TTenantInfo> {
      const row = await resolveTenant(db, host);
      if (!row) return defaultOwnerInfo;
      const settings = loginSettingsOf(row);
      return {
        sysName: row.sysName,
        company: row.company,
        sms: row.sms,
        loginSet: publicLoginSet(settings),
      };
    },
  };
}
export type TenantInfoService = ReturnType<typeof tenantInfoService>;
