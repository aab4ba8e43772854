import { DEFAULT_FULL_NAME } from '@edp/shared/constants';
import type { AuthArea } from '../../lib/auth-paths.ts';
import type { Language } from '../../locales/types.ts';

/**
 * The vendor's administration under /sa. Kept here, not in shared/constants.ts, whose chunk
 * /login loads: only the signed-in shells and the lazily loaded title read these.
 */
const VENDOR_NAMES = {
  'zh-CN': { title: 'EDP 厂商管理后台', short: 'EDP 厂商后台' },
  'en-US': { title: 'EDP Vendor Administration', short: 'EDP Vendor' },
} as const;

/** The names of what a page belongs to: the browser tab's title and the name atop its menu. */
export interface AreaNames {
  title: string;
  short: string;
}

/** The tenant served on this host, as /owner/n/domain tells it (null: none). */
type TenantNames = { sysName?: string; company?: string } | null | undefined;

/**
 * The one rule for titles (docs/product.md §1): a page is named after what it belongs to, in
 * the page's language.
 * - the vendor's administration (/sa…): the vendor product's name;
 * - the portal (every other public or company page): the product's full name — the portal is
 *   the vendor's site, so a console tenant's name has no place there;
 * - the console (/admin…): the tenant's system name, else its company, else the product's name.
 * `productShort` is the product's short name (common namespace), for the menu's top.
 */
export function areaNames(
  area: AuthArea,
  language: Language,
  tenant: TenantNames,
  productShort: string,
): AreaNames {
  if (area === 'vendor') return { ...VENDOR_NAMES[language] };
  const own = area === 'admin' ? tenant?.sysName || tenant?.company : undefined;
  return { title: own || DEFAULT_FULL_NAME[language], short: own || productShort };
}
