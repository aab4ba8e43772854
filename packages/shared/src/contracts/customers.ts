import { z } from 'zod';
import { EXPORT_FORMATS } from '../constants.ts';
import { rule } from './field-rules.ts';
import { ZIsoTime } from './com.ts';
import { ZList, ZListRequest, ZUuid } from './common.ts';
import { ZTimeZone } from './console-admin.ts';
import { ZEngineKind } from './licence-file.ts';
import { CUSTOMER_SORTS } from './customers-values.ts';

export * from './customers-values.ts';

/**
 * The vendor's customers (issue 39 point 1; docs/portal.md "Customers"): a customer is a company
 * registered on the portal, as the vendor knows it, joined to the console tenants the vendor has
 * linked to it (`/sa/ows/edit`'s `companyId`).
 */

const ZBalanceBound = z.coerce.number().int().min(0).max(1_000_000).optional();

/**
 * The list's filter and order, the same in the list's body and the export's query string (so
 * every field is a string or a number a query string can carry).
 */
export const ZCustomerFilter = z.object({
  keyword: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Part of the e-mail, company, contact, phone or a linked domain'),
  keys: z
    .enum(['initialised', 'none'])
    .optional()
    .describe('initialised: a linked tenant has initialised its keys; none: no linked tenant has'),
  licences: z
    .enum(['expiring', 'expired'])
    .optional()
    .describe('expiring: a licence with under 30 days left; expired: a licence expired'),
  balanceMin: ZBalanceBound.describe('Balance in months, at least'),
  balanceMax: ZBalanceBound.describe('Balance in months, at most'),
  version: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe("An engine version one of the customer's running engines reports, exactly"),
  sort: z.enum(CUSTOMER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
const boundsInOrder = (f: { balanceMin?: number; balanceMax?: number }) =>
  f.balanceMin === undefined || f.balanceMax === undefined || f.balanceMin <= f.balanceMax;
export type TCustomerFilter = z.output<typeof ZCustomerFilter>;

export const ZCustomerListRequest = ZListRequest.extend(ZCustomerFilter.shape).refine(
  boundsInOrder,
  { message: rule('rangeOrder'), path: ['balanceMax'] },
);
export type TCustomerListRequest = z.output<typeof ZCustomerListRequest>;

/** `GET /sa/coms/export`: the list as filtered and sorted, as CSV or XLSX. */
export const ZCustomerExportQuery = ZCustomerFilter.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  tz: ZTimeZone.optional().describe("The reader's IANA time zone for the times; default UTC"),
}).refine(boundsInOrder, { message: rule('rangeOrder'), path: ['balanceMax'] });
export type TCustomerExportQuery = z.output<typeof ZCustomerExportQuery>;

export const ZCustomerTenant = z.object({
  id: z.string(),
  domain: z.string(),
});

export const ZCustomerRow = z.object({
  id: z.string(),
  email: z.string(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  balance: z.number().int(),
  licenceCount: z.number().int(),
  expiringCount: z.number().int().describe('Licences with under 30 days left, not yet expired'),
  expiredCount: z.number().int(),
  tenants: z.array(ZCustomerTenant).describe('The console tenants linked to the customer'),
  keyInitialised: z.boolean().describe('A linked tenant has initialised its keys; never a key'),
  engineCount: z.number().int().describe("Running engines of the linked tenants' devices"),
  createdAt: ZIsoTime,
});
export type TCustomerRow = z.infer<typeof ZCustomerRow>;
export const ZCustomerList = ZList(ZCustomerRow);

export const ZCustomerRef = z.object({ id: ZUuid });

/** `/sa/com/get`: one customer, its tenants and the engines they run by kind and version. */
export const ZCustomerDetail = ZCustomerRow.extend({
  tenants: z.array(
    ZCustomerTenant.extend({
      sysName: z.string(),
      status: z.enum(['active', 'inactive']),
      keyInitialised: z.boolean(),
      createdAt: ZIsoTime,
    }),
  ),
  engines: z
    .array(z.object({ kind: ZEngineKind, version: z.string(), count: z.number().int() }))
    .describe('Running engines by kind and version, most first'),
});
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

/** `/sa/com/licences`, `/sa/com/balance`: a customer's pages of My license and My balance. */
export const ZCustomerPageRequest = ZListRequest.extend({ companyId: ZUuid });

/** `/sa/com/versions`: the engine versions the customers' running engines report. */
export const ZReportedVersions = z.object({
  list: z.array(z.string()).describe('Each version once, newest-looking first'),
});
