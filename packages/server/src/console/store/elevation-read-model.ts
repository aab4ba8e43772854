import { sql } from 'drizzle-orm';

/*
 * A read model of the elevation module (console/elevation owns `ack_requests`): the requests the
 * notifier warns of, as selects its statements read from. Selects only.
 */

/**
 * The requests waiting for a review, with their device's name and address ('' when gone):
 * tenant_id, id, kind, asked_by, device_id, name, ip, reason.
 */
export const pendingRequestsSql = sql`
  select r.tenant_id, r.id, r.kind, r.asked_by, r.device_id, coalesce(d.name, '') as name,
    coalesce(d.ip, '') as ip, r.reason
  from ack_requests r left join devices d on d.id = r.device_id
  where r.state = 'pending'`;

/** Every request's id and state, to join a warning's subject on. */
export const requestStatesSql = sql`select id, state from ack_requests`;
