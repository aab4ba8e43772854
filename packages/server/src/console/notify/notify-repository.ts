import { eq, sql } from 'drizzle-orm';
import { notifyCursors, notifySettings, type Db } from '../../platform/db/index.ts';
import { newestAlertIdSql, newestTaskUpdateMsSql } from '../store/index.ts';

export type NotifySettingsRow = typeof notifySettings.$inferSelect;

/** A tenant's SMS gateway and warning settings (docs/notifications.md), one row a tenant. */
export function notifyRepository(db: Db) {
  const upsert = (tenantId: string, set: Partial<Omit<NotifySettingsRow, 'tenantId'>>) =>
    db
      .insert(notifySettings)
      .values({ tenantId, ...set })
      .onConflictDoUpdate({ target: notifySettings.tenantId, set });
  return {
    async get(tenantId: string): Promise<NotifySettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(notifySettings)
        .where(eq(notifySettings.tenantId, tenantId));
      return row;
    },
    async setSms(tenantId: string, sms: Record<string, unknown>, by: string, at: Date) {
      await upsert(tenantId, { sms, smsBy: by, smsAt: at });
    },
    async setWarn(tenantId: string, warn: Record<string, unknown>, by: string, at: Date) {
      await upsert(tenantId, { warn, warnBy: by, warnAt: at });
    },
    /**
     * Its secrets sealed again under another key (`again` maps the stored settings), with the row
     * locked so that a save meanwhile is not lost: who changed the settings, and when, stay.
     */
    async reseal(
      tenantId: string,
      again: (row: NotifySettingsRow) => {
        sms: Record<string, unknown>;
        warn: Record<string, unknown>;
      },
    ) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(notifySettings)
          .where(eq(notifySettings.tenantId, tenantId))
          .for('update');
        if (!row) return;
        await tx
          .update(notifySettings)
          .set(again(row))
          .where(eq(notifySettings.tenantId, tenantId));
      });
    },
    /** Where the notifier stopped reading a source; null before its first pass. */
    async cursor(source: string): Promise<number | null> {
      const [row] = await db.select().from(notifyCursors).where(eq(notifyCursors.source, source));
      return row?.position ?? null;
    },
    async setCursor(source: string, position: number) {
      await db
        .insert(notifyCursors)
        .values({ source, position })
        .onConflictDoUpdate({ target: notifyCursors.source, set: { position } });
    },
    /**
     * Where the notifier starts reading the growing sources, set once (when a tenant first turns
     * warnings on): the newest alert's id and the newest task update (ms). What came before is
     * not warned about.
     */
    async startCursors() {
      await db.execute(sql`
        insert into notify_cursors (source, position)
        values ('alerts', ${newestAlertIdSql}), ('tasks', ${newestTaskUpdateMsSql})
        on conflict (source) do nothing`);
    },
  };
}
export type NotifyRepository = ReturnType<typeof notifyRepository>;
