import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Db,
  engines,
  issueRecords,
  licenceRequests,
  licences,
} from '../../platform/db/index.ts';
import { renewalColumn } from './licence-query-repository.ts';

export type EngineRow = typeof engines.$inferSelect;
export type LicenceRequestRow = typeof licenceRequests.$inferSelect;
export type LicenceRow = typeof licences.$inferSelect;
export type IssueRecordRow = typeof issueRecords.$inferSelect;

/** SQL for uploads, issues and elevation files; every query is scoped by the company. */
export function licenceRepository(db: Db) {
  return {
    /** The engine of (device, kind), created at its first request; name and fingerprint follow the latest. */
    async upsertEngine(row: {
      companyId: string;
      deviceId: string;
      kind: string;
      name: string;
      fingerprint: string;
    }): Promise<EngineRow> {
      const [engine] = await db
        .insert(engines)
        .values(row)
        .onConflictDoUpdate({
          target: [engines.companyId, engines.deviceId, engines.kind],
          set: {
            name: sql`coalesce(nullif(excluded.name, ''), ${engines.name})`,
            fingerprint: sql`excluded.fingerprint`,
            lastRequestAt: sql`now()`,
          },
        })
        .returning();
      return engine!;
    },

    /** `upsertEngine` for many engines in one statement (each (device, kind) at most once). */
    async upsertEngines(
      rows: {
        companyId: string;
        deviceId: string;
        kind: string;
        name: string;
        fingerprint: string;
      }[],
    ): Promise<EngineRow[]> {
      if (!rows.length) return [];
      return db
        .insert(engines)
        .values(rows)
        .onConflictDoUpdate({
          target: [engines.companyId, engines.deviceId, engines.kind],
          set: {
            name: sql`coalesce(nullif(excluded.name, ''), ${engines.name})`,
            fingerprint: sql`excluded.fingerprint`,
            lastRequestAt: sql`now()`,
          },
        })
        .returning();
    },

    /** `insertRequest` for many requests in one statement; the ones recorded before stay. */
    async insertRequests(rows: (typeof licenceRequests.$inferInsert)[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insert(licenceRequests)
        .values(rows)
        .onConflictDoNothing({ target: [licenceRequests.companyId, licenceRequests.requestId] });
    },

    /** Records a request once; a repeated upload finds the first row. */
    async insertRequest(row: typeof licenceRequests.$inferInsert): Promise<LicenceRequestRow> {
      const [created] = await db
        .insert(licenceRequests)
        .values(row)
        .onConflictDoNothing({ target: [licenceRequests.companyId, licenceRequests.requestId] })
        .returning();
      return created ?? (await this.findRequest(row.companyId, row.requestId))!.request;
    },

    /**
     * An uploaded request with its engine, the engine's licence if it has one (its code), and
     * the request's certificate record once issued, with whether that was a renewal.
     */
    async findRequest(companyId: string, requestId: string) {
      const [row] = await this.findRequests(companyId, [requestId]);
      return row;
    },

    /** `findRequest` for many requests, in one query (in no particular order). */
    async findRequests(companyId: string, requestIds: string[]) {
      if (!requestIds.length) return [];
      return db
        .select({
          request: licenceRequests,
          engine: engines,
          licenceCode: licences.code,
          issued: issueRecords,
          issuedAsRenewal: renewalColumn,
        })
        .from(licenceRequests)
        .innerJoin(engines, eq(engines.id, licenceRequests.engineId))
        .leftJoin(licences, eq(licences.engineId, engines.id))
        .leftJoin(
          issueRecords,
          and(
            eq(issueRecords.companyId, licenceRequests.companyId),
            eq(issueRecords.requestId, licenceRequests.requestId),
          ),
        )
        .where(
          and(
            eq(licenceRequests.companyId, companyId),
            inArray(licenceRequests.requestId, requestIds),
          ),
        );
    },

    async findIssueByRequest(companyId: string, requestId: string) {
      const [row] = await db
        .select()
        .from(issueRecords)
        .where(and(eq(issueRecords.companyId, companyId), eq(issueRecords.requestId, requestId)))
        .limit(1);
      return row;
    },

    /**
     * Creates or renews the engine's licence: the new expiry counts from the later of now and the
     * current expiry, and the serial rises above both the stored and the installed one.
     */
    async upsertLicence(input: {
      companyId: string;
      engineId: string;
      code: string;
      installedSerial: number;
      months: number;
      issuedAt: Date;
    }): Promise<LicenceRow> {
      const at = sql`${input.issuedAt.toISOString()}::timestamptz`;
      const span = sql`make_interval(months => ${input.months}::int)`;
      const [row] = await db
        .insert(licences)
        .values({
          companyId: input.companyId,
          engineId: input.engineId,
          code: input.code,
          serial: input.installedSerial + 1,
          issuedAt: input.issuedAt,
          expiresAt: sql`${at} + ${span}`,
        })
        .onConflictDoUpdate({
          target: licences.engineId,
          set: {
            serial: sql`greatest(${licences.serial}, ${input.installedSerial}::int) + 1`,
            issuedAt: input.issuedAt,
            expiresAt: sql`greatest(${licences.expiresAt}, ${at}) + ${span}`,
          },
        })
        .returning();
      return row!;
    },

    /**
     * Licences for engines that have none, in one statement (each engine at most once): as
     * `upsertLicence` creates one. A concurrent first issue of one of them fails the statement
     * on the engine's unique index, and the caller's transaction is tried again.
     */
    async createLicences(
      rows: {
        companyId: string;
        engineId: string;
        code: string;
        installedSerial: number;
        months: number;
        issuedAt: Date;
      }[],
    ): Promise<LicenceRow[]> {
      if (!rows.length) return [];
      return db
        .insert(licences)
        .values(
          rows.map((r) => ({
            companyId: r.companyId,
            engineId: r.engineId,
            code: r.code,
            serial: r.installedSerial + 1,
            issuedAt: r.issuedAt,
            expiresAt: sql`${r.issuedAt.toISOString()}::timestamptz + make_interval(months => ${r.months}::int)`,
          })),
        )
        .returning();
    },

    /**
     * Renews the licences of engines, in one statement (each engine at most once): as
     * `upsertLicence` renews one, from the later of now and the expiry, the serial above both
     * the stored and the installed one.
     */
    async renewLicences(
      companyId: string,
      rows: { engineId: string; installedSerial: number; months: number; issuedAt: Date }[],
    ): Promise<
      Pick<LicenceRow, 'id' | 'engineId' | 'code' | 'serial' | 'expiresAt' | 'maxDevices'>[]
    > {
      if (!rows.length) return [];
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${r.engineId}::uuid, ${r.installedSerial}::int, ${r.months}::int, ${r.issuedAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const result = await db.execute(sql`
        update licences l
        set serial = greatest(l.serial, v.installed) + 1,
            issued_at = v.at,
            expires_at = greatest(l.expires_at, v.at) + make_interval(months => v.months)
        from (values ${values}) as v(engine_id, installed, months, at)
        where l.engine_id = v.engine_id and l.company_id = ${companyId}
        returning l.id, l.engine_id, l.code, l.serial, l.expires_at, l.max_devices`);
      type Row = {
        id: string;
        engine_id: string;
        code: string;
        serial: number;
        expires_at: Date | string;
        max_devices: number;
      };
      return (result as unknown as { rows: Row[] }).rows.map((r) => ({
        id: r.id,
        engineId: r.engine_id,
        code: r.code,
        serial: Number(r.serial),
        expiresAt: new Date(r.expires_at),
        maxDevices: Number(r.max_devices),
      }));
    },

    /** Issue records, in order (their payments are portal/balance's, written after them). */
    async insertIssueRecords(records: (typeof issueRecords.$inferInsert)[]): Promise<void> {
      if (!records.length) return;
      await db.insert(issueRecords).values(records);
    },

    async insertIssueRecord(row: typeof issueRecords.$inferInsert): Promise<IssueRecordRow> {
      const [created] = await db.insert(issueRecords).values(row).returning();
      return created!;
    },

    async findRecord(companyId: string, id: string): Promise<IssueRecordRow | undefined> {
      const [row] = await db
        .select()
        .from(issueRecords)
        .where(and(eq(issueRecords.companyId, companyId), eq(issueRecords.id, id)))
        .limit(1);
      return row;
    },

    /** The device's licence that runs longest, with its engine, for an elevation file. */
    async longestLicenceOfDevice(companyId: string, deviceId: string) {
      const [row] = await db
        .select({ licence: licences, engine: engines })
        .from(engines)
        .innerJoin(licences, eq(licences.engineId, engines.id))
        .where(and(eq(engines.companyId, companyId), eq(engines.deviceId, deviceId)))
        .orderBy(desc(licences.expiresAt))
        .limit(1);
      return row;
    },

    async hasDevice(companyId: string, deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: engines.id })
        .from(engines)
        .where(and(eq(engines.companyId, companyId), eq(engines.deviceId, deviceId)))
        .limit(1);
      return !!row;
    },
  };
}
