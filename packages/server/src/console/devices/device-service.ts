import type { z } from 'zod';
import type {
  BulkAction,
  TDeviceActivity,
  TDeviceActivityDetail,
  TDeviceDetail,
  TDeviceList,
  TDeviceListRequest,
  TDeviceTarget,
  TReenrolAllowed,
  ZDeviceActivityRequest,
  ZDeviceAdd,
  ZDeviceEdit,
} from '@edp/shared/contracts/devices';
import { REENROL_ALLOWED_HOURS } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { CommonErr, ConsoleErr, type Locale } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { touchedDevices, type AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import type { EngineAuthCache, PresenceStore } from '../../engines/index.ts';
import type { DeviceCounts } from './device-counts.ts';
import { deviceActivityRepository, type ActivityEntry } from './device-activity-repository.ts';
import { deviceRepository } from './device-repository.ts';
import { type DeviceRow, type TouchedDevice } from '../store/index.ts';
import { deviceItems, isoOf } from './device-items.ts';
import { deviceScope, groupInScope, visibleDeviceGroups } from './device-scope.ts';
import { actorOf, readDetail } from './device-activity.ts';

/** Devices a preview names before a bulk action runs. */
const PREVIEW_FIRST = 5;
const UPTIME_DAYS = 7;
const RECENT = 5;
const STATUS_OF: Record<BulkAction, DeviceStatus> = {
  deprecate: 'running',
  move: 'running',
  purge: 'deprecated',
};

/** The device centre (docs/engines.md "Device centre"): every call scoped to the caller's groups. */
export function deviceService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    audit: AuditService;
    counts: DeviceCounts;
    engineAuth: EngineAuthCache;
    presence: PresenceStore;
    /** The version of the engine this console serves ('' if none): the "outdated" filter's. */
    servedVersion: () => Promise<string>;
  },
) {
  const { db, clock, audit, counts, engineAuth, presence, servedVersion } = deps;
  const repo = deviceRepository(db);
  const activity = deviceActivityRepository(db);

  const itemOf = deviceItems(presence);

  /** The groups whose devices the caller sees (null: all). */
  const visibleTo = (caller: Caller) => visibleDeviceGroups(db, caller.actor);

  /** A device the caller may see, or 404 (unknown, another tenant's) / DeviceHidden (out of scope). */
  async function visibleDevice(caller: Caller, id: string) {
    const row = await repo.findById(caller.actor.tenantId, id);
    if (!row) throw new AppError(CommonErr.NotFound);
    const visible = await visibleTo(caller);
    if (visible && !visible.includes(row.device.groupId))
      throw new AppError(ConsoleErr.DeviceHidden);
    return { ...row, visible };
  }

  /** A group the caller may put devices in, among the groups they see. */
  const targetGroup = (caller: Caller, groupId: string, visible: string[] | null) =>
    groupInScope(db, caller.actor, groupId, visible);

  /** The scope of a bulk action: its target inside the caller's groups and the action's list. */
  async function scopeOf(
    caller: Caller,
    action: BulkAction,
    target: TDeviceTarget,
    visible: string[] | null,
  ) {
    return deviceScope(db, caller.actor, {
      status: STATUS_OF[action],
      now: clock(),
      filter: target.filter,
      ids: target.ids,
      visible,
      servedVersion,
    });
  }

  async function list(
    caller: Caller,
    q: TDeviceListRequest,
    status: DeviceStatus,
  ): Promise<TDeviceList> {
    const now = clock();
    const tenantId = caller.actor.tenantId;
    const scope = await deviceScope(db, caller.actor, { status, now, filter: q, servedVersion });
    const summary = await counts.summary(tenantId, status, { ...q, groupIds: scope.groupIds });
    // Keyword, install state, expiry and version are not in the aggregate: those are counted.
    const counted =
      q.keyword !== undefined ||
      q.install !== undefined ||
      q.expiring === true ||
      q.outdated === true;
    const [total, rows] = await Promise.all([
      counted ? repo.count(scope) : summary.total,
      repo.page(scope, {
        sort: q.sort,
        dir: q.order,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      }),
    ]);
    return {
      list: rows.map((r) => itemOf(r.device, r.groupName, now)),
      total,
      page: q.page,
      pageSize: q.pageSize,
      counts: summary.counts,
      online: summary.online,
    };
  }

  return {
    list: (caller: Caller, q: TDeviceListRequest) => list(caller, q, 'running'),
    deprecatedList: (caller: Caller, q: TDeviceListRequest) => list(caller, q, 'deprecated'),

    async detail(caller: Caller, id: string): Promise<TDeviceDetail> {
      const now = clock();
      const { device: d, groupName } = await visibleDevice(caller, id);
      const uptime = await repo.uptime(d.id, UPTIME_DAYS);
      return {
        ...itemOf(d, groupName, now),
        kernel: d.kernel,
        port: d.port,
        collectorIp: d.collectorIp,
        qid: d.qid,
        fingerprint: d.fingerprint,
        detection: d.detection,
        protected: d.protected,
        licence:
          d.licenceSerial !== null && d.licenceExpiresAt
            ? {
                code: d.licenceCode,
                serial: d.licenceSerial,
                expiresAt: d.licenceExpiresAt.toISOString(),
              }
            : null,
        enrolledAt: isoOf(d.enrolledAt),
        stateChangedAt: isoOf(d.stateChangedAt),
        deprecatedAt: isoOf(d.deprecatedAt),
        interval: d.intervalS,
        engineKey: d.engineKey !== null,
        reenrolUntil:
          d.reenrolUntil && d.reenrolUntil.getTime() > now ? isoOf(d.reenrolUntil) : null,
        uptime,
      };
    },

    /**
     * A device's activity, newest first, a page at a time (docs/engines.md "Activity"): scoped
     * as the detail is, so a device the caller may not see answers as the detail does.
     */
    async activity(
      caller: Caller,
      q: z.output<typeof ZDeviceActivityRequest>,
      locale: Locale = 'zh-CN',
    ): Promise<TDeviceActivity> {
      const { device } = await visibleDevice(caller, q.id);
      const after = q.after === undefined ? undefined : Number(q.after);
      // One more than asked for says whether there is a next page.
      const rows = await activity.page(
        device.tenantId,
        device.id,
        after,
        q.limit + 1,
        new Date(clock()),
      );
      const items = rows.slice(0, q.limit).map((r) => ({
        id: String(r.id),
        at: r.at.toISOString(),
        kind: r.kind,
        account: r.account,
        detail: readDetail(r.detail, locale),
      }));
      return { items, next: rows.length > q.limit ? items[items.length - 1]!.id : null };
    },

    async add(caller: Caller, input: z.output<typeof ZDeviceAdd>) {
      const group = await targetGroup(caller, input.groupId, await visibleTo(caller));
      const id = await repo.insert({ ...input, tenantId: caller.actor.tenantId });
      counts.changed(caller.actor.tenantId);
      await activity.insert([
        {
          tenantId: caller.actor.tenantId,
          deviceId: id,
          at: new Date(clock()),
          kind: 'added',
          actor: actorOf(caller),
          detail: { group: group.name },
        },
      ]);
      await audit.change(caller, {
        target: input.name,
        after: { ...input, group: group.name },
        devices: [{ id, name: input.name }],
      });
      return { id };
    },

    async edit(caller: Caller, input: z.output<typeof ZDeviceEdit>) {
      const { device, visible, groupName } = await visibleDevice(caller, input.id);
      if (device.status !== 'running') throw new AppError(ConsoleErr.DeviceDeprecated);
      const group = input.groupId ? await targetGroup(caller, input.groupId, visible) : undefined;
      const { id, ...values } = input;
      await repo.update(device.tenantId, id, values);
      counts.changed(device.tenantId);
      await activity.insert(
        editActivity(caller, device, values, group, groupName, new Date(clock())),
      );
      await audit.change(caller, {
        target: device.name,
        before: { name: device.name, remark: device.remark, groupId: device.groupId },
        after: { ...values, ...(group ? { group: group.name } : {}) },
        devices: [{ id, name: values.name ?? device.name }],
      });
    },

    /**
     * Lets the device's next enrolment in without its engine's proof, for REENROL_ALLOWED_HOURS
     * (docs/engines.md "Re-enrolment"): for a re-imaged machine that lost its engine's key.
     * Scoped as an edit is, audited, and written to the device's activity.
     */
    async allowReenrol(caller: Caller, id: string): Promise<TReenrolAllowed> {
      const { device } = await visibleDevice(caller, id);
      if (device.status !== 'running') throw new AppError(ConsoleErr.DeviceDeprecated);
      const now = new Date(clock());
      const until = new Date(now.getTime() + REENROL_ALLOWED_HOURS * 3_600_000);
      if (!(await repo.allowReenrol(device.tenantId, id, until))) {
        throw new AppError(ConsoleErr.DeviceDeprecated);
      }
      await activity.insert([
        {
          tenantId: device.tenantId,
          deviceId: id,
          at: now,
          kind: 'reenrolAllowed',
          actor: actorOf(caller),
          detail: { until: until.toISOString() },
        },
      ]);
      await audit.change(caller, {
        target: device.name,
        after: { endAt: until.toISOString() },
        devices: [{ id, name: device.name }],
      });
      return { until: until.toISOString() };
    },

    async preview(caller: Caller, action: BulkAction, target: TDeviceTarget) {
      const visible = await visibleTo(caller);
      return repo.preview(await scopeOf(caller, action, target, visible), PREVIEW_FIRST);
    },

    async deprecate(caller: Caller, target: TDeviceTarget) {
      const scope = await scopeOf(caller, 'deprecate', target, await visibleTo(caller));
      const touched = await repo.deprecate(scope, new Date(scope.now), actorOf(caller));
      return afterBulk(caller, touched, 'deprecate', target);
    },

    async move(caller: Caller, target: TDeviceTarget, groupId: string) {
      const visible = await visibleTo(caller);
      const group = await targetGroup(caller, groupId, visible);
      const scope = await scopeOf(caller, 'move', target, visible);
      const touched = await repo.move(scope, group, actorOf(caller));
      return afterBulk(caller, touched, 'move', target, group.name);
    },

    async purge(caller: Caller, target: TDeviceTarget) {
      const scope = await scopeOf(caller, 'purge', target, await visibleTo(caller));
      if (target.ids) {
        // Naming a running device for permanent deletion is a mistake worth saying.
        const running = await repo.count({ ...scope, status: 'running' });
        if (running > 0) throw new AppError(ConsoleErr.DeviceNotDeprecated);
      }
      const touched = await repo.purge(scope);
      return afterBulk(caller, touched, 'purge', target);
    },

    async overview(caller: Caller) {
      const now = clock();
      const tenantId = caller.actor.tenantId;
      const groupIds = await visibleTo(caller);
      const [summary, expiring, recent] = await Promise.all([
        counts.summary(tenantId, 'running', { groupIds }),
        repo.expiryBuckets(tenantId, groupIds, now),
        repo.recentEnrolments(tenantId, groupIds, RECENT),
      ]);
      return {
        total: summary.all,
        online: summary.online,
        counts: summary.counts,
        byPresence: summary.byPresence,
        byKind: summary.byKind,
        // Within LICENCE_WARNING_DAYS (30): the first two of the expiry buckets.
        expiringSoon: expiring.week + expiring.month,
        expiring,
        recent: recent.map((r) => ({ ...r, enrolledAt: r.enrolledAt!.toISOString() })),
      };
    },
  };

  async function afterBulk(
    caller: Caller,
    touched: TouchedDevice[],
    action: BulkAction,
    target: TDeviceTarget,
    group?: string,
  ) {
    if (touched.length === 0) throw new AppError(ConsoleErr.NothingMatches);
    const ids = touched.map((d) => d.id);
    const tenantId = caller.actor.tenantId;
    counts.changed(tenantId);
    if (action !== 'move') {
      // Their tokens stop working on every node at the next check-in.
      engineAuth.evict(tenantId, ids);
      presence.forget(ids);
    }
    // The devices by name, not the ids or filter the caller sent: "all matching" says which.
    await audit.change(caller, {
      ...touchedDevices(touched),
      after: {
        action,
        ...(group ? { group } : {}),
        ...(target.filter ? { filter: target.filter } : {}),
      },
    });
    return { affected: ids.length };
  }
}
export type DeviceService = ReturnType<typeof deviceService>;

/** The entries an edit writes: renamed or remark changed (one entry), moved (another). */
function editActivity(
  caller: Caller,
  device: DeviceRow,
  values: { name?: string | undefined; remark?: string | undefined; groupId?: string | undefined },
  group: { id: string; name: string } | undefined,
  groupName: string,
  at: Date,
): ActivityEntry[] {
  const base = {
    tenantId: device.tenantId,
    deviceId: device.id,
    at,
    actor: actorOf(caller),
  };
  const edited: TDeviceActivityDetail = {};
  if (values.name !== undefined && values.name !== device.name)
    edited.name = { from: device.name, to: values.name };
  if (values.remark !== undefined && values.remark !== device.remark)
    edited.remark = { from: device.remark, to: values.remark };
  const entries: ActivityEntry[] = [];
  if (edited.name || edited.remark) entries.push({ ...base, kind: 'edited', detail: edited });
  if (group && group.id !== device.groupId)
    entries.push({ ...base, kind: 'moved', detail: { from: groupName, to: group.name } });
  return entries;
}
