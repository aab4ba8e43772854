import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ENGINE_KINDS, DEVICE_TYPE_RANGE } from '@edp/shared/constants';
import type { TList } from '@edp/shared/contracts/common';
import type { TDeviceInfo, TDeviceListRequest, TEngineItem } from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { type Db, engines, licences } from '../../platform/db/index.ts';
import { licenceStatus, pageOffset, remainingDays } from '../licence/index.ts';

/** Kinds in the order of their device type numbers 0…4 (docs/portal.md). */
const KIND_TYPES = sql.raw(
  `case "engines"."kind" ${ENGINE_KINDS.map((k, i) => `when '${k}' then ${i}`).join(' ')} else -1 end`,
);
const EXPIRED_TYPE = 5;

/** -1 unlicensed; 0…4 licensed engine by kind; 5 licence expired. */
function typeExpression(now: number): SQL<number> {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  return sql<number>`(case when ${licences.id} is null then -1 when ${licences.expiresAt} <= ${at} then ${sql.raw(String(EXPIRED_TYPE))} else ${KIND_TYPES} end)::int`;
}

/** `%` and `_` typed by a user are literal characters, not patterns. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type EngineJoin = {
  engine: typeof engines.$inferSelect;
  licence: typeof licences.$inferSelect | null;
  type: number;
};

/** My engine: the company's engines with their licence state; one count, one page, one tally. */
export function deviceQueries(db: Db, now: () => number) {
  function toItem(row: EngineJoin, at: number): TEngineItem {
    const { engine: e, licence: l } = row;
    return {
      id: e.id,
      deviceId: e.deviceId,
      name: e.name,
      kind: e.kind as TEngineItem['kind'],
      fingerprint: e.fingerprint,
      type: row.type,
      licenceStatus: l ? licenceStatus(l.expiresAt, at) : 'unlicensed',
      licenseId: l?.id ?? null,
      expiresAt: l?.expiresAt.toISOString() ?? null,
      remainingDays: l ? remainingDays(l.expiresAt, at) : null,
      lastIssuedAt: l?.issuedAt.toISOString() ?? null,
      lastRequestAt: e.lastRequestAt.toISOString(),
    };
  }

  return {
    async enginePage(
      companyId: string,
      req: TDeviceListRequest,
    ): Promise<TList<TEngineItem> & { counts: Record<string, number> }> {
      const at = now();
      const type = typeExpression(at);
      const keyword = req.keyword ? likePattern(req.keyword) : undefined;
      const where = and(
        eq(engines.companyId, companyId),
        req.kind ? eq(engines.kind, req.kind) : undefined,
        keyword
          ? or(
              ilike(engines.deviceId, keyword),
              ilike(engines.name, keyword),
              ilike(engines.fingerprint, keyword),
            )
          : undefined,
        req.type !== undefined ? sql`${type} = ${req.type}` : undefined,
      );
      const joined = () =>
        db
          .select({ engine: engines, licence: licences, type })
          .from(engines)
          .leftJoin(licences, eq(licences.engineId, engines.id));
      const [[total], rows, tally] = await Promise.all([
        db
          .select({ n: count() })
          .from(engines)
          .leftJoin(licences, eq(licences.engineId, engines.id))
          .where(where),
        joined()
          .where(where)
          .orderBy(desc(engines.lastRequestAt), desc(engines.id))
          .limit(req.pageSize)
          .offset(pageOffset(req)),
        db
          .select({ type, n: count() })
          .from(engines)
          .leftJoin(licences, eq(licences.engineId, engines.id))
          .where(eq(engines.companyId, companyId))
          // By position: the expression carries bound parameters, which never compare equal.
          .groupBy(sql`1`),
      ]);
      const counts = Object.fromEntries(DEVICE_TYPE_RANGE.map((t) => [String(t), 0]));
      for (const row of tally) counts[String(row.type)] = row.n;
      return {
        list: rows.map((row) => toItem(row, at)),
        total: total?.n ?? 0,
        page: req.page,
        pageSize: req.pageSize,
        counts,
      };
    },

    /** A device with its engines; another company's is not found. */
    async deviceInfo(companyId: string, deviceId: string): Promise<Omit<TDeviceInfo, 'records'>> {
      const at = now();
      const rows = await db
        .select({ engine: engines, licence: licences, type: typeExpression(at) })
        .from(engines)
        .leftJoin(licences, eq(licences.engineId, engines.id))
        .where(and(eq(engines.companyId, companyId), eq(engines.deviceId, deviceId)))
        .orderBy(desc(engines.lastRequestAt));
      const latest = rows[0]?.engine;
      if (!latest) throw new AppError(CommonErr.NotFound);
      return {
        deviceId: latest.deviceId,
        name: latest.name,
        fingerprint: latest.fingerprint,
        createdAt: new Date(
          Math.min(...rows.map((r) => r.engine.createdAt.getTime())),
        ).toISOString(),
        lastRequestAt: latest.lastRequestAt.toISOString(),
        engines: rows.map((row) => toItem(row, at)),
      };
    },

    async deviceExists(companyId: string, deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: engines.id })
        .from(engines)
        .where(and(eq(engines.companyId, companyId), eq(engines.deviceId, deviceId)))
        .limit(1);
      return !!row;
    },
  };
}
