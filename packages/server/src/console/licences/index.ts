/** The public entry of this module: other modules import only from here. */
export { deviceLicenceService, type DeviceLicenceService } from './licence-service.ts';
