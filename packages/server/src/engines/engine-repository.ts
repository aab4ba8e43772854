import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';

/**
 * The engine protocol's own SQL: the heartbeat history (`device_uptime`), which the engines own.
 * What they read and write of the console's devices and secrets goes through `EngineEvents`.
 */
export function engineRepository(db: Db) {
  return {
    /** Marks hours seen in the heartbeat history: `hours` holds bit i for hour i (UTC) of `day`. */
    async markUptime(ids: string[], days: string[], bits: number[]) {
      if (ids.length === 0) return;
      await db.execute(sql`
        insert into device_uptime (device_id, day, hours)
        select v.id, v.day, v.bits from unnest(
          ${`{${ids.join(',')}}`}::uuid[], ${`{${days.join(',')}}`}::date[], ${`{${bits.join(',')}}`}::int[]
        ) as v(id, day, bits)
        join devices d on d.id = v.id
        on conflict (device_id, day) do update set hours = device_uptime.hours | excluded.hours`);
    },
  };
}
export type EngineRepository = ReturnType<typeof engineRepository>;
