import { and, asc, count, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';
import type { LicenceState } from '@edp/shared/contracts/licences';
import { devices, type Db } from '../../platform/db/index.ts';
import { deviceScopeSql, type DeviceScope } from './device-read-model.ts';
import { groupNames } from './group-read-model.ts';

/*
 * A read model of the device centre (console/devices owns `devices`) for the licences module: the
 * licences the devices of a scope hold, for a request or a check, and the licence view's pages
 * (with their group's name). Selects only.
 */

const DAY_MS = 86_400_000;

/** The conditions of a licence state, as the view and its filter count it. */
function stateSql(state: LicenceState, now: number): SQL {
  const soon = new Date(now + LICENCE_WARNING_DAYS * DAY_MS);
  switch (state) {
    case 'none':
      return isNull(devices.licenceExpiresAt);
    case 'expired':
      return lte(devices.licenceExpiresAt, new Date(now));
    case 'expiring':
      return and(gt(devices.licenceExpiresAt, new Date(now)), lte(devices.licenceExpiresAt, soon))!;
    case 'normal':
      return gt(devices.licenceExpiresAt, soon);
  }
}

export function deviceLicenceReadModel(db: Db) {
  return {
    /** The devices of a scope, as many as `limit`, with what a request or a check needs. */
    devicesOf(scope: DeviceScope, limit?: number) {
      const q = db
        .select({
          id: devices.id,
          tenantId: devices.tenantId,
          name: devices.name,
          kind: devices.kind,
          fingerprint: devices.fingerprint,
          licenceCode: devices.licenceCode,
          licenceSerial: devices.licenceSerial,
          licenceExpiresAt: devices.licenceExpiresAt,
        })
        .from(devices)
        .where(deviceScopeSql(scope))
        .orderBy(asc(devices.name), asc(devices.id));
      return limit === undefined ? q : q.limit(limit);
    },

    /**
     * A page of the licence view: running devices of the scope, expired and expiring first
     * (soonest end first, devices_expiry_idx), then those without a licence.
     */
    async page(scope: DeviceScope, q: { state?: LicenceState; limit: number; offset: number }) {
      const where = and(deviceScopeSql(scope), q.state ? stateSql(q.state, scope.now) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: devices.id,
            name: devices.name,
            number: devices.number,
            groupName: groupNames.name,
            kind: devices.kind,
            activation: devices.activation,
            licenseCode: devices.licenceCode,
            serial: devices.licenceSerial,
            expiresAt: devices.licenceExpiresAt,
          })
          .from(devices)
          .innerJoin(groupNames, eq(groupNames.id, devices.groupId))
          .where(where)
          .orderBy(sql`${devices.licenceExpiresAt} asc nulls last`, asc(devices.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
