import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { IncidentState } from '@edp/shared/contracts/keys';
import {
  keyIncidentEvents,
  keyIncidents,
  keyShares,
  keySplits,
  type Db,
} from '../../platform/db/index.ts';

export type IncidentRow = typeof keyIncidents.$inferSelect;
export type IncidentEventRow = typeof keyIncidentEvents.$inferSelect;
export type NewIncidentEvent = typeof keyIncidentEvents.$inferInsert;

/** The SQL of key incidents and their timelines (console/keys owns both). */
export function incidentRepository(db: Db) {
  return {
    /** The incident and its first events, together. */
    async add(row: typeof keyIncidents.$inferInsert, events: NewIncidentEvent[]) {
      await db.transaction(async (tx) => {
        await tx.insert(keyIncidents).values(row);
        if (events.length) await tx.insert(keyIncidentEvents).values(events);
      });
    },
    async addEvents(events: NewIncidentEvent[]) {
      if (events.length) await db.insert(keyIncidentEvents).values(events);
    },
    async find(tenantId: string, id: string): Promise<IncidentRow | undefined> {
      const [row] = await db
        .select()
        .from(keyIncidents)
        .where(and(eq(keyIncidents.tenantId, tenantId), eq(keyIncidents.id, id)));
      return row;
    },
    /** A page, newest first, from the keyset position `before` (time and id). */
    page(
      tenantId: string,
      opts: { state?: IncidentState; before?: { at: Date; id: string }; size: number },
    ) {
      const b = opts.before;
      return db
        .select()
        .from(keyIncidents)
        .where(
          and(
            eq(keyIncidents.tenantId, tenantId),
            opts.state ? eq(keyIncidents.state, opts.state) : undefined,
            b
              ? or(
                  lt(keyIncidents.declaredAt, b.at),
                  and(eq(keyIncidents.declaredAt, b.at), lt(keyIncidents.id, b.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(keyIncidents.declaredAt), desc(keyIncidents.id))
        .limit(opts.size);
    },
    eventsOf(ids: string[]): Promise<IncidentEventRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(keyIncidentEvents)
        .where(inArray(keyIncidentEvents.incidentId, ids))
        .orderBy(asc(keyIncidentEvents.at), asc(keyIncidentEvents.id));
    },
    /** Every tenant's open incidents, oldest first (the containment job). */
    open(limit: number) {
      return db
        .select()
        .from(keyIncidents)
        .where(eq(keyIncidents.state, 'open'))
        .orderBy(asc(keyIncidents.declaredAt))
        .limit(limit);
    },
    /**
     * Open → contained, with its event, once: false when another read or node contained it
     * first (so the timeline holds one `contained`).
     */
    async contain(row: IncidentRow, event: NewIncidentEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(keyIncidents)
          .set({ state: 'contained', containedAt: event.at })
          .where(and(eq(keyIncidents.id, row.id), eq(keyIncidents.state, 'open')))
          .returning({ id: keyIncidents.id });
        if (done.length === 0) return false;
        await tx.insert(keyIncidentEvents).values(event);
        return true;
      });
    },
    /** Contained → closed, with its event: false when it is not contained (open, or closed). */
    async close(row: IncidentRow, event: NewIncidentEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(keyIncidents)
          .set({ state: 'closed', closedAt: event.at })
          .where(and(eq(keyIncidents.id, row.id), eq(keyIncidents.state, 'contained')))
          .returning({ id: keyIncidents.id });
        if (done.length === 0) return false;
        await tx.insert(keyIncidentEvents).values(event);
        return true;
      });
    },
    /**
     * Whether the tenant's active split leaves this holder out (a `share` incident is contained
     * then): false while no split is active or the holder still holds a share of it.
     */
    async activeSplitWithout(tenantId: string, holderId: string): Promise<boolean> {
      const [active] = await db
        .select({ id: keySplits.id })
        .from(keySplits)
        .where(and(eq(keySplits.tenantId, tenantId), eq(keySplits.state, 'active')));
      if (!active) return false;
      const [held] = await db
        .select({ id: keyShares.holderId })
        .from(keyShares)
        .where(and(eq(keyShares.splitId, active.id), eq(keyShares.holderId, holderId)));
      return !held;
    },
  };
}
export type IncidentRepository = ReturnType<typeof incidentRepository>;
