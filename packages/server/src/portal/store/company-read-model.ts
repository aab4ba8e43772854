import { count, desc, ilike, inArray, or } from 'drizzle-orm';
import type { TList, TListRequest } from '@edp/shared/contracts/common';
import type { TCompanyRow } from '@edp/shared/contracts/vendor';
import { type Db, companies, containsPattern } from '../../platform/db/index.ts';
import { companyLicenceCountSql } from './licence-read-model.ts';

/*
 * A read model of the company module (portal/company owns `companies` and `email_codes`): the
 * vendor's list of the companies, with their balances and how many licences each holds
 * (portal/super-admin); the names and addresses requests show and mail (portal/support-request).
 * Selects only.
 */

export interface CompanyContact {
  id: string;
  company: string;
  email: string;
  language: string;
}

export function companyReadModel(db: Db) {
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

    /** A page of the companies, newest first; `keyword` finds an email, a name or a contact. */
    async page(req: TListRequest & { keyword?: string }): Promise<TList<TCompanyRow>> {
      const pattern = req.keyword ? containsPattern(req.keyword) : undefined;
      const where = pattern
        ? or(
            ilike(companies.email, pattern),
            ilike(companies.company, pattern),
            ilike(companies.contact, pattern),
          )
        : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(companies).where(where),
        db
          .select({ c: companies, licenceCount: companyLicenceCountSql })
          .from(companies)
          .where(where)
          .orderBy(desc(companies.createdAt), desc(companies.id))
          .limit(req.pageSize)
          .offset((req.page - 1) * req.pageSize),
      ]);
      return {
        list: rows.map(({ c, licenceCount }) => ({
          id: c.id,
          email: c.email,
          company: c.company,
          contact: c.contact,
          phone: c.phone,
          balance: c.balance,
          licenceCount,
          createdAt: c.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        page: req.page,
        pageSize: req.pageSize,
      };
    },
  };
}
