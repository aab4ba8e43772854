import type {
  TCustomerDetail,
  TCustomerExportQuery,
  TCustomerFilter,
  TCustomerListRequest,
  TCustomerRow,
} from '@edp/shared/contracts/customers';
import type { TListRequest } from '@edp/shared/contracts/common';
import type { TLicenceStatus } from '@edp/shared/contracts/com';
import type { Locale } from '@edp/shared/errors';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { tableFile, zonedDay, zonedTime } from '../../platform/export/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { BalanceService } from '../balance/index.ts';
import type { LicenceReadService } from '../licence/index.ts';
import { companyReadModel, type CustomerRecord, type CustomerWhere } from '../store/index.ts';
import { CUSTOMER_COLUMNS, customerCells, customerHeader } from './customer-export.ts';
import type { CustomerFacts, CustomerTenant } from './customer-facts.ts';

/**
 * The vendor's customers (docs/portal.md "Customers"): the portal's companies with the console
 * tenants the vendor linked to them, their keys' state and their engines (read through
 * `facts`), listed, filtered, sorted and exported; and one customer's page.
 */
export function customerService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    facts: CustomerFacts;
    licenceReads: Pick<LicenceReadService, 'page'>;
    balance: Pick<BalanceService, 'history'>;
  },
) {
  const { clock, facts } = deps;
  const companies = companyReadModel(deps.db);

  /** The filter with the console's facts turned into sets of companies. */
  async function whereOf(f: TCustomerFilter): Promise<CustomerWhere> {
    const { keys, version, ...where } = f;
    const [withKeys, running, byDomain] = await Promise.all([
      keys ? facts.companiesWithKeys() : undefined,
      version ? facts.companiesRunning(version) : undefined,
      f.keyword ? facts.companiesByDomain(f.keyword) : undefined,
    ]);
    let only: string[] | undefined = keys === 'initialised' ? withKeys : undefined;
    if (running && only) {
      const keyed = new Set(only);
      only = running.filter((id) => keyed.has(id));
    } else if (running) only = running;
    return { ...where, only, without: keys === 'none' ? withKeys : undefined, byDomain };
  }

  /** The rows' linked tenants and those tenants' running engines. */
  async function factsOf(companyIds: string[]) {
    const tenants = await facts.linkedTo(companyIds);
    return { tenants, engines: await facts.enginesOf(tenants.map((t) => t.id)) };
  }

  /** The rows with their tenants, keys and engine counts (`known`: already read). */
  async function rowsWithFacts(
    records: CustomerRecord[],
    known?: Awaited<ReturnType<typeof factsOf>>,
  ): Promise<TCustomerRow[]> {
    const { tenants, engines } = known ?? (await factsOf(records.map((r) => r.id)));
    const byCompany = new Map<string, CustomerTenant[]>();
    for (const t of tenants) byCompany.set(t.companyId, [...(byCompany.get(t.companyId) ?? []), t]);
    const enginesOfTenant = new Map<string, number>();
    for (const e of engines)
      enginesOfTenant.set(e.tenantId, (enginesOfTenant.get(e.tenantId) ?? 0) + e.count);
    return records.map((r) => {
      const own = byCompany.get(r.id) ?? [];
      return {
        ...r,
        tenants: own.map((t) => ({ id: t.id, domain: t.domain })),
        keyInitialised: own.some((t) => t.keyInitialised),
        engineCount: own.reduce((n, t) => n + (enginesOfTenant.get(t.id) ?? 0), 0),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async function record(id: string): Promise<CustomerRecord> {
    const { rows } = await companies.customerPage(
      { only: [id], sort: 'createdAt', order: 'desc', page: 1, pageSize: 1 },
      clock(),
    );
    if (!rows[0]) throw new AppError(PortalErr.CustomerNotFound);
    return rows[0];
  }

  return {
    async list(q: TCustomerListRequest) {
      const { page, pageSize, ...filter } = q;
      const { rows, total } = await companies.customerPage(
        { ...(await whereOf(filter)), page, pageSize },
        clock(),
      );
      return { list: await rowsWithFacts(rows), total, page, pageSize };
    },

    /** `customers-2026-06-01.csv`, the day in the reader's zone. */
    fileName: (q: TCustomerExportQuery) =>
      `customers-${zonedDay(q.tz ?? 'UTC', new Date(clock()))}.${q.format}`,

    /** Every customer of the list as filtered and sorted, as CSV or XLSX, read in batches. */
    file(q: TCustomerExportQuery, locale: Locale): AsyncGenerator<string | Buffer> {
      const zone = q.tz ?? 'UTC';
      const time = zonedTime(zone);
      async function* rows() {
        const now = clock();
        for await (const batch of companies.customerBatches(await whereOf(q), now))
          yield (await rowsWithFacts(batch)).map((r) => customerCells(r, locale, time));
      }
      return tableFile(q.format, {
        header: CUSTOMER_COLUMNS.map((c) => customerHeader(c, locale, zone)),
        sheet: locale === 'zh-CN' ? '客户' : 'Customers',
        rows: rows(),
      });
    },

    async detail(id: string): Promise<TCustomerDetail> {
      const known = await factsOf([id]);
      const [row] = await rowsWithFacts([await record(id)], known);
      const { tenants } = known;
      const counts = new Map<string, TCustomerDetail['engines'][number]>();
      for (const e of known.engines) {
        const key = `${e.kind}\n${e.version}`;
        const had = counts.get(key);
        counts.set(key, { kind: e.kind, version: e.version, count: (had?.count ?? 0) + e.count });
      }
      return {
        ...row!,
        tenants: tenants.map(({ companyId: _, ...t }) => ({
          ...t,
          createdAt: t.createdAt.toISOString(),
        })),
        engines: [...counts.values()].sort(
          (a, b) => b.count - a.count || a.kind.localeCompare(b.kind),
        ),
      };
    },

    /** A customer's licences, as its own My license lists them. */
    async licences(companyId: string, q: TListRequest & { status?: TLicenceStatus }) {
      await record(companyId);
      return (await deps.licenceReads.page(companyId, q)).data;
    },

    /** A customer's balance and its history, as its own My balance shows them. */
    async balance(companyId: string, q: TListRequest) {
      await record(companyId);
      return deps.balance.history(companyId, q);
    },

    /** The versions running engines report, newest-looking first ("2.10.0" before "2.9.1"). */
    reportedVersions: async () => ({
      list: (await facts.reportedVersions()).sort((a, b) =>
        b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' }),
      ),
    }),

    /** The names of these customers; unknown ids are absent. */
    async names(ids: string[]): Promise<Map<string, string>> {
      const contacts = await companies.contacts(ids);
      return new Map([...contacts].map(([id, c]) => [id, c.company]));
    },
  };
}
export type CustomerService = ReturnType<typeof customerService>;
