import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { deviceEnrolSecrets, devices, type Db } from '../../platform/db/index.ts';

export type EnrolSecretRow = typeof deviceEnrolSecrets.$inferSelect;
export type EnrolSecretInsert = typeof deviceEnrolSecrets.$inferInsert;
/** Who revokes: the account at the time, and the user's id. */
export interface Revoker {
  at: Date;
  by: string;
  byId: string | null;
}

const live = (now: Date) =>
  and(
    isNull(deviceEnrolSecrets.revokedAt),
    or(isNull(deviceEnrolSecrets.expiresAt), gt(deviceEnrolSecrets.expiresAt, now)),
  );

/**
 * The engines whose last enrolment used the secret: counted from devices_enrol_secret_idx, a
 * probe per secret listed (at most SECRET_LIST_MAX).
 */
const enrolled = sql<number>`(select count(*) from ${devices} d where d.enrol_secret_id = ${sql.raw('"device_enrol_secrets"."id"')})`;

/** SQL of a group's enrolment secrets; every query is scoped by the tenant. */
export function enrolSecretRepository(db: Db) {
  return {
    /** Unrevoked ones first (live or expired), then revoked, newest first within each. */
    async list(tenantId: string, groupId: string, limit: number) {
      const where = and(
        eq(deviceEnrolSecrets.tenantId, tenantId),
        eq(deviceEnrolSecrets.groupId, groupId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ secret: deviceEnrolSecrets, enrolled: enrolled.mapWith(Number) })
          .from(deviceEnrolSecrets)
          .where(where)
          .orderBy(
            sql`${deviceEnrolSecrets.revokedAt} is null desc`,
            desc(deviceEnrolSecrets.createdAt),
            desc(deviceEnrolSecrets.id),
          )
          .limit(limit),
        db.select({ n: count() }).from(deviceEnrolSecrets).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countLive(tenantId: string, groupId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(deviceEnrolSecrets)
        .where(
          and(
            eq(deviceEnrolSecrets.tenantId, tenantId),
            eq(deviceEnrolSecrets.groupId, groupId),
            live(now),
          ),
        );
      return row?.n ?? 0;
    },

    async findById(tenantId: string, id: string): Promise<EnrolSecretRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceEnrolSecrets)
        .where(and(eq(deviceEnrolSecrets.tenantId, tenantId), eq(deviceEnrolSecrets.id, id)))
        .limit(1);
      return row;
    },

    async insert(values: EnrolSecretInsert): Promise<EnrolSecretRow> {
      const [row] = await db.insert(deviceEnrolSecrets).values(values).returning();
      return row!;
    },

    /** Revokes one unrevoked secret; undefined when it was revoked already (or is not there). */
    async revoke(tenantId: string, id: string, r: Revoker): Promise<EnrolSecretRow | undefined> {
      const [row] = await db
        .update(deviceEnrolSecrets)
        .set({ revokedAt: r.at, revokedBy: r.by, revokedById: r.byId })
        .where(
          and(
            eq(deviceEnrolSecrets.tenantId, tenantId),
            eq(deviceEnrolSecrets.id, id),
            isNull(deviceEnrolSecrets.revokedAt),
          ),
        )
        .returning();
      return row;
    },

    /** In one transaction: the group's live secrets revoked, the new one made. */
    async rotate(values: EnrolSecretInsert & { groupId: string; tenantId: string }, r: Revoker) {
      return db.transaction(async (tx) => {
        const revoked = await tx
          .update(deviceEnrolSecrets)
          .set({ revokedAt: r.at, revokedBy: r.by, revokedById: r.byId })
          .where(
            and(
              eq(deviceEnrolSecrets.tenantId, values.tenantId),
              eq(deviceEnrolSecrets.groupId, values.groupId),
              live(r.at),
            ),
          )
          .returning({ name: deviceEnrolSecrets.name });
        const [made] = await tx.insert(deviceEnrolSecrets).values(values).returning();
        return { made: made!, revoked: revoked.map((s) => s.name) };
      });
    },
  };
}
export type EnrolSecretRepository = ReturnType<typeof enrolSecretRepository>;
