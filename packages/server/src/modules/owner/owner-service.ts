import type { TOwnerInfo } from '@edp/shared/contracts/owner';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import type { Db } from '../../db/client.ts';
import { ownerRepository } from './owner-repository.ts';

export const defaultOwnerInfo: TOwnerInfo = {
  sysName: '',
  company: '',
  sms: false,
  loginSet: {
    picCodeTag: true,
    pwdMatch: { list: DEFAULT_PASSWORD_POLICY.list, range: DEFAULT_PASSWORD_POLICY.range },
  },
};

/** The host a request was made to, without its port, lower-cased: the tenant's key. */
export function domainOf(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

export function ownerService(db: Db) {
  const repo = ownerRepository(db);
  return {
    /** Owner info of SPEC §3 for a host; the defaults when no tenant is configured for it. */
    async infoForHost(host: string | undefined): Promise<TOwnerInfo> {
      const row = await repo.findByDomain(domainOf(host));
      if (!row) return defaultOwnerInfo;
      return {
        sysName: row.sysName,
        company: row.company,
        sms: row.sms,
        loginSet: row.loginSet ?? defaultOwnerInfo.loginSet,
      };
    },
  };
}
