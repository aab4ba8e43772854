import { and, asc, count, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { TListRequest, TList } from '@edp/shared/contracts/common';
import type {
  TIssueRecord,
  TLicenceItem,
  TLicenceStatus,
  TSubLicence,
} from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { type Db, engines, issueRecords, licences } from '../../platform/db/index.ts';
import {
  licenceStatus,
  nextStatusChange,
  normalFrom,
  pageOffset,
  remainingDays,
  turnsExpiringAt,
} from './licence-status.ts';
import type { CacheableAnswer } from '../../platform/cache/index.ts';

export interface RecordFilter {
  licenceId?: string;
  deviceId?: string;
  type?: 'licence' | 'elevation';
}

/** Read side of licences and issue records: one count and one page query per list, no N+1. */
export function licenceQueries(db: Db, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const recordColumns = {
    record: issueRecords,
    licenceCode: licences.code,
    kind: engines.kind,
    renewal: renewalColumn,
  };

  function toRecord(row: {
    record: typeof issueRecords.$inferSelect;
    licenceCode: string;
    kind: string;
    renewal: boolean;
  }): TIssueRecord {
    const r = row.record;
    return {
      id: r.id,
      type: r.type,
      licenseId: r.licenceId,
      licenseCode: row.licenceCode,
      deviceId: r.deviceId,
      kind: row.kind,
      requestId: r.requestId,
      serial: r.serial,
      months: r.months,
      cost: r.cost,
      validFrom: r.validFrom.toISOString(),
      validUntil: r.validUntil.toISOString(),
      fileName: r.fileName,
      createdAt: r.createdAt.toISOString(),
      renewal: row.renewal,
    };
  }

  /**
   * The next instant at which a licence of the company joins or leaves what a status filter
   * selects: "expired" gains the next licence to expire, "normal" loses the next one to come
   * under 30 days, "expiring" both. One index lookup each.
   */
  async function nextCrossing(companyId: string, status: TLicenceStatus, at: number) {
    const firstExpiry = async (after: SQL) => {
      const [row] = await db
        .select({ at: licences.expiresAt })
        .from(licences)
        .where(and(eq(licences.companyId, companyId), after))
        .orderBy(asc(licences.expiresAt))
        .limit(1);
      return row?.at;
    };
    const expires =
      status === 'normal' ? undefined : await firstExpiry(gt(licences.expiresAt, new Date(at)));
    const warns =
      status === 'expired' ? undefined : await firstExpiry(gte(licences.expiresAt, normalFrom(at)));
    return Math.min(expires ? +expires : Infinity, warns ? turnsExpiringAt(warns) : Infinity);
  }

  /** The newest certificate of each licence of a page, in one query (index on licence, time). */
  async function newestCertificates(licenceIds: string[]): Promise<Map<string, string>> {
    if (!licenceIds.length) return new Map();
    const rows = await db
      .selectDistinctOn([issueRecords.licenceId], {
        licenceId: issueRecords.licenceId,
        id: issueRecords.id,
      })
      .from(issueRecords)
      .where(and(inArray(issueRecords.licenceId, licenceIds), eq(issueRecords.type, 'licence')))
      .orderBy(issueRecords.licenceId, desc(issueRecords.createdAt));
    return new Map(rows.map((r) => [r.licenceId, r.id]));
  }

  return {
    /**
     * A page of the company's licences in expiry order (the id breaks ties) and their total, with
     * the instant at which it would first read otherwise: a row's status or days left change, or,
     * under a status filter, a licence joins or leaves the filtered set.
     */
    async licencePage(
      companyId: string,
      req: TListRequest & { status?: TLicenceStatus },
    ): Promise<CacheableAnswer<TList<TLicenceItem>>> {
      const at = now();
      const where = and(
        eq(licences.companyId, companyId),
        req.status ? statusCondition(licences.expiresAt, req.status, at) : undefined,
      );
      const [[total], rows, crossing] = await Promise.all([
        db.select({ n: count() }).from(licences).where(where),
        db
          .select({ licence: licences, kind: engines.kind, deviceId: engines.deviceId })
          .from(licences)
          .innerJoin(engines, eq(engines.id, licences.engineId))
          .where(where)
          .orderBy(asc(licences.expiresAt), asc(licences.id))
          .limit(req.pageSize)
          .offset(pageOffset(req)),
        req.status ? nextCrossing(companyId, req.status, at) : Infinity,
      ]);
      const certificates = await newestCertificates(rows.map((r) => r.licence.id));
      let stableUntil = crossing;
      const list = rows.map(({ licence: l, kind, deviceId }): TLicenceItem => {
        stableUntil = Math.min(stableUntil, nextStatusChange(l.expiresAt, at));
        return {
          id: l.id,
          code: l.code,
          kind: kind as TLicenceItem['kind'],
          deviceId,
          status: licenceStatus(l.expiresAt, at),
          serial: l.serial,
          issuedAt: l.issuedAt.toISOString(),
          expiresAt: l.expiresAt.toISOString(),
          remainingDays: remainingDays(l.expiresAt, at),
          // One licence covers the one engine it was issued for.
          deviceCount: 1,
          maxDevices: l.maxDevices,
          certificateId: certificates.get(l.id) ?? null,
        };
      });
      return {
        data: { list, total: total?.n ?? 0, page: req.page, pageSize: req.pageSize },
        stableUntil,
      };
    },

    /** The engines a licence authorises (one per licence in this product). */
    async subLicences(companyId: string, licenceId: string): Promise<TSubLicence[]> {
      const rows = await db
        .select({ licence: licences, engine: engines })
        .from(licences)
        .innerJoin(engines, eq(engines.id, licences.engineId))
        .where(and(eq(licences.companyId, companyId), eq(licences.id, licenceId)));
      if (!rows.length) throw new AppError(CommonErr.NotFound);
      const at = now();
      return rows.map(({ licence: l, engine: e }) => ({
        licenseId: l.id,
        deviceId: e.deviceId,
        name: e.name,
        kind: e.kind as TSubLicence['kind'],
        fingerprint: e.fingerprint,
        status: licenceStatus(l.expiresAt, at),
        serial: l.serial,
        issuedAt: l.issuedAt.toISOString(),
        expiresAt: l.expiresAt.toISOString(),
        remainingDays: remainingDays(l.expiresAt, at),
      }));
    },

    async licenceExists(companyId: string, licenceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: licences.id })
        .from(licences)
        .where(and(eq(licences.companyId, companyId), eq(licences.id, licenceId)))
        .limit(1);
      return !!row;
    },

    /** Issue records of the company, newest first, optionally of one licence, device or type. */
    async recordPage(
      companyId: string,
      filter: RecordFilter,
      req: TListRequest,
    ): Promise<TList<TIssueRecord>> {
      const conditions: (SQL | undefined)[] = [
        eq(issueRecords.companyId, companyId),
        filter.licenceId ? eq(issueRecords.licenceId, filter.licenceId) : undefined,
        filter.deviceId ? eq(issueRecords.deviceId, filter.deviceId) : undefined,
        filter.type ? eq(issueRecords.type, filter.type) : undefined,
      ];
      const where = and(...conditions);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(issueRecords).where(where),
        db
          .select(recordColumns)
          .from(issueRecords)
          .innerJoin(licences, eq(licences.id, issueRecords.licenceId))
          .innerJoin(engines, eq(engines.id, issueRecords.engineId))
          .where(where)
          .orderBy(desc(issueRecords.createdAt), desc(issueRecords.id))
          .limit(req.pageSize)
          .offset(pageOffset(req)),
      ]);
      return {
        list: rows.map(toRecord),
        total: total?.n ?? 0,
        page: req.page,
        pageSize: req.pageSize,
      };
    },
  };
}

export type LicenceQueries = ReturnType<typeof licenceQueries>;

/**
 * Whether an issue record is a renewal: a certificate of a licence that had one before. A
 * licence's serial rises with each certificate, so an earlier one has a lower serial.
 */
export const renewalColumn = sql<boolean>`coalesce(${issueRecords.type} = 'licence' and exists (
  select 1 from issue_records earlier
  where earlier.licence_id = ${issueRecords.licenceId}
    and earlier.type = 'licence' and earlier.serial < ${issueRecords.serial}), false)`;

/** The licence status rule (licence-status.ts) as a WHERE condition on an expiry column, so filters can use its index. */
export function statusCondition(column: SQL | unknown, status: TLicenceStatus, now: number): SQL {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  const warn = sql`${normalFrom(now).toISOString()}::timestamptz`;
  if (status === 'expired') return sql`${column} <= ${at}`;
  if (status === 'expiring') return sql`${column} > ${at} and ${column} < ${warn}`;
  return sql`${column} >= ${warn}`;
}
