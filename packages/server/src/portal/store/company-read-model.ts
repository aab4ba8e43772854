import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TCustomerFilter } from '@edp/shared/contracts/customers';
import { type Db, companies, containsPattern, uuidArray } from '../../platform/db/index.ts';
import { companyLicenceCountSql, companyLicenceStateSql } from './licence-read-model.ts';

/*
 * A read model of the company module (portal/company owns `companies` and `email_codes`): the
 * vendor's customers, with their balances and licences (portal/super-admin); the names and
 * addresses requests show and mail (portal/support-request). Selects only.
 */

export interface CompanyContact {
  id: string;
  company: string;
  email: string;
  language: string;
}

/**
 * The customer list's filter as SQL can apply it: the console's facts (keys, versions, linked
 * domains) already turned into sets of company ids by the caller.
 */
export interface CustomerWhere extends Omit<TCustomerFilter, 'keys' | 'version'> {
  /** Only these companies (a filter on the console's facts); absent: no such filter. */
  only?: readonly string[];
  /** Not these companies. */
  without?: readonly string[];
  /** Companies a keyword found by a linked tenant's domain. */
  byDomain?: readonly string[];
}

/** A customer row as the list reads it, before the console's facts are added. */
export interface CustomerRecord {
  id: string;
  email: string;
  company: string;
  contact: string;
  phone: string;
  balance: number;
  licenceCount: number;
  expiringCount: number;
  expiredCount: number;
  createdAt: Date;
}

const anyOf = (ids: readonly string[]) => sql`${companies.id} = any(${uuidArray(ids)}::uuid[])`;

const SORT_COLUMNS = {
  createdAt: companies.createdAt,
  company: companies.company,
  balance: companies.balance,
} as const;

function whereOf(q: CustomerWhere, now: number): SQL | undefined {
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const parts: (SQL | undefined)[] = [
    pattern
      ? or(
          // One match over the four fields, a separator between them that no one types: a
          // match a field, four times over, cost a PGlite page about 45 ms at 10,000 companies.
          sql`(${companies.email} || E'\x1f' || ${companies.company} || E'\x1f' || ${companies.contact} || E'\x1f' || ${companies.phone}) ilike ${pattern}`,
          q.byDomain?.length ? anyOf(q.byDomain) : undefined,
        )
      : undefined,
    q.only ? (q.only.length ? anyOf(q.only) : sql`false`) : undefined,
    q.without?.length ? sql`not (${anyOf(q.without)})` : undefined,
    q.balanceMin !== undefined ? gte(companies.balance, q.balanceMin) : undefined,
    q.balanceMax !== undefined ? lte(companies.balance, q.balanceMax) : undefined,
    q.licences ? companyLicenceStateSql(now).has(q.licences) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

export function companyReadModel(db: Db) {
  /**
   * Rows of the filtered list in its order, `limit` from `offset`. The page's ids are found
   * first, from the order's index, and only its rows count their licences ("deferred join"):
   * counted in the same select, the counts ran for every row the offset skips. Each row carries
   * the list's total (a window count), so the filter runs once for both.
   */
  function rowsOf(q: CustomerWhere, now: number, limit: number, offset: number) {
    const state = companyLicenceStateSql(now);
    const dir = q.order === 'asc' ? asc : desc;
    const page = db
      .select({
        id: companies.id,
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(companies)
      .where(whereOf(q, now))
      .orderBy(dir(SORT_COLUMNS[q.sort]), dir(companies.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    return db
      .select({
        id: companies.id,
        email: companies.email,
        company: companies.company,
        contact: companies.contact,
        phone: companies.phone,
        balance: companies.balance,
        licenceCount: companyLicenceCountSql,
        expiringCount: state.expiring,
        expiredCount: state.expired,
        createdAt: companies.createdAt,
        total: page.total,
      })
      .from(companies)
      .innerJoin(page, eq(page.id, companies.id))
      .orderBy(dir(SORT_COLUMNS[q.sort]), dir(companies.id));
  }

  return {
    /** Each company's name, e-mail and language, by id. */
    async contacts(ids: string[]) {
      if (ids.length === 0) return new Map<string, CompanyContact>();
      const rows = await db
        .select({
          id: companies.id,
          company: companies.company,
          email: companies.email,
          language: companies.language,
        })
        .from(companies)
        .where(inArray(companies.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** One page of the customers as filtered and sorted, and how many match. */
    async customerPage(
      q: CustomerWhere & { page: number; pageSize: number },
      now: number,
    ): Promise<{ rows: CustomerRecord[]; total: number }> {
      const offset = (q.page - 1) * q.pageSize;
      const found = await rowsOf(q, now, q.pageSize, offset);
      const rows = found.map(({ total: _, ...r }) => r);
      if (found[0]) return { rows, total: found[0].total };
      // Past the last page the rows say nothing of the total.
      if (!offset) return { rows, total: 0 };
      const [counted] = await db.select({ n: count() }).from(companies).where(whereOf(q, now));
      return { rows, total: counted?.n ?? 0 };
    },

    /** Every customer as filtered and sorted, `batch` rows at a time (the export). */
    async *customerBatches(q: CustomerWhere, now: number, batch = 500) {
      for (let offset = 0; ; offset += batch) {
        const rows = (await rowsOf(q, now, batch, offset)).map(({ total: _, ...r }) => r);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
  };
}
