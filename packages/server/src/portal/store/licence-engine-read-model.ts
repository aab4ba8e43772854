import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ENGINE_KINDS, DEVICE_TYPE_RANGE } from '@edp/shared/constants';
import type { TDeviceListRequest } from '@edp/shared/contracts/com';
import { type Db, engines, licences } from '../../platform/db/index.ts';

/*
 * A read model of the licence module (portal/licence owns `engines` and `licences`): a company's
 * engines with their licences, as My engine lists them and shows a device (portal/device).
 * Selects only.
 */

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

/** An engine, its licence (null: none) and its device type number at the time asked. */
export interface EngineWithLicence {
  engine: typeof engines.$inferSelect;
  licence: typeof licences.$inferSelect | null;
  type: number;
}

export function licenceEngineReadModel(db: Db) {
  return {
    /**
     * A page of the company's engines at time `at`, the number that match and how many of all
     * its engines have each device type: one count, one page, one tally.
     */
    async page(
      companyId: string,
      req: TDeviceListRequest,
      at: number,
    ): Promise<{ rows: EngineWithLicence[]; total: number; counts: Record<string, number> }> {
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
      const [[total], rows, tally] = await Promise.all([
        db
          .select({ n: count() })
          .from(engines)
          .leftJoin(licences, eq(licences.engineId, engines.id))
          .where(where),
        db
          .select({ engine: engines, licence: licences, type })
          .from(engines)
          .leftJoin(licences, eq(licences.engineId, engines.id))
          .where(where)
          .orderBy(desc(engines.lastRequestAt), desc(engines.id))
          .limit(req.pageSize)
          .offset((req.page - 1) * req.pageSize),
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
      return { rows, total: total?.n ?? 0, counts };
    },

    /** The company's engines on one device at time `at`, the latest request first. */
    ofDevice(companyId: string, deviceId: string, at: number): Promise<EngineWithLicence[]> {
      return db
        .select({ engine: engines, licence: licences, type: typeExpression(at) })
        .from(engines)
        .leftJoin(licences, eq(licences.engineId, engines.id))
        .where(and(eq(engines.companyId, companyId), eq(engines.deviceId, deviceId)))
        .orderBy(desc(engines.lastRequestAt));
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
