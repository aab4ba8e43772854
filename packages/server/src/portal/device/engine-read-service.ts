import type { TList, TListRequest } from '@edp/shared/contracts/common';
import type { TDeviceInfo, TDeviceListRequest, TEngineItem } from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { licenceStatus, remainingDays, type LicenceReadService } from '../licence/index.ts';
import { licenceEngineReadModel, type EngineWithLicence } from '../store/index.ts';

function toItem(row: EngineWithLicence, at: number): TEngineItem {
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

/**
 * My engine: the company's engines, a device's detail and its issue records. The engines and
 * their licences are portal/licence's: read through its read model.
 */
export function engineReadService({
  db,
  clock,
  licenceReads,
}: Pick<Platform, 'db' | 'clock'> & { licenceReads: Pick<LicenceReadService, 'records'> }) {
  const engines = licenceEngineReadModel(db);
  const ownDevice = async (companyId: string, deviceId: string) => {
    if (!(await engines.deviceExists(companyId, deviceId))) throw new AppError(CommonErr.NotFound);
  };
  return {
    async page(
      companyId: string,
      req: TDeviceListRequest,
    ): Promise<TList<TEngineItem> & { counts: Record<string, number> }> {
      const at = clock();
      const { rows, total, counts } = await engines.page(companyId, req, at);
      return {
        list: rows.map((row) => toItem(row, at)),
        total,
        page: req.page,
        pageSize: req.pageSize,
        counts,
      };
    },
    /** A device with its engines and its 10 latest issue records; another company's is not found. */
    async deviceInfo(companyId: string, deviceId: string): Promise<TDeviceInfo> {
      const at = clock();
      const rows = await engines.ofDevice(companyId, deviceId, at);
      const latest = rows[0]?.engine;
      if (!latest) throw new AppError(CommonErr.NotFound);
      const recent = await licenceReads.records(companyId, { deviceId }, { page: 1, pageSize: 10 });
      return {
        deviceId: latest.deviceId,
        name: latest.name,
        fingerprint: latest.fingerprint,
        createdAt: new Date(
          Math.min(...rows.map((r) => r.engine.createdAt.getTime())),
        ).toISOString(),
        lastRequestAt: latest.lastRequestAt.toISOString(),
        engines: rows.map((row) => toItem(row, at)),
        records: recent.list,
      };
    },
    /** Issue records of one of the company's devices; another company's is not found. */
    async records(companyId: string, deviceId: string, page: TListRequest) {
      await ownDevice(companyId, deviceId);
      return licenceReads.records(companyId, { deviceId }, page);
    },
  };
}
export type EngineReadService = ReturnType<typeof engineReadService>;
