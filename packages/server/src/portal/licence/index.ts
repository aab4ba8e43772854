/** The public entry of this module: other modules import only from here. */
export { parseRequestFile, signElevation, signLicence } from './licence-file.ts';
export {
  LICENCE_PAGE_CACHE_MS,
  licencePageCache,
  type LicencePageCache,
} from './licence-page-cache.ts';
export { licenceBatchService, type LicenceBatchService } from './licence-batch-service.ts';
export { licenceReadService, type LicenceReadService } from './licence-read-service.ts';
export { licenceService, safeFileName, type LicenceService } from './licence-service.ts';
export {
  licenceStatus,
  nextStatusChange,
  normalFrom,
  pageOffset,
  remainingDays,
  turnsExpiringAt,
} from './licence-status.ts';
