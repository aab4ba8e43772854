import type { TListRequest } from '@edp/shared/contracts/common';
import type { TDeviceInfo, TDeviceListRequest } from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { LicenceReadService } from '../licence/index.ts';
import { deviceQueries } from './device-repository.ts';

/** My engine: the company's engines, a device's detail and its issue records. */
export function engineReadService({
  db,
  clock,
  licenceReads,
}: Pick<Platform, 'db' | 'clock'> & { licenceReads: Pick<LicenceReadService, 'records'> }) {
  const queries = deviceQueries(db, clock);
  const ownDevice = async (companyId: string, deviceId: string) => {
    if (!(await queries.deviceExists(companyId, deviceId))) throw new AppError(CommonErr.NotFound);
  };
  return {
    page: (companyId: string, req: TDeviceListRequest) => queries.enginePage(companyId, req),
    /** A device with its engines and its 10 latest issue records. */
    async deviceInfo(companyId: string, deviceId: string): Promise<TDeviceInfo> {
      const device = await queries.deviceInfo(companyId, deviceId);
      const recent = await licenceReads.records(companyId, { deviceId }, { page: 1, pageSize: 10 });
      return { ...device, records: recent.list };
    },
    /** Issue records of one of the company's devices; another company's is not found. */
    async records(companyId: string, deviceId: string, page: TListRequest) {
      await ownDevice(companyId, deviceId);
      return licenceReads.records(companyId, { deviceId }, page);
    },
  };
}
export type EngineReadService = ReturnType<typeof engineReadService>;
