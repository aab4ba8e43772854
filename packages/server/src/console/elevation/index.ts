/** The public entry of this module: other modules import only from here. */
export {
  ELEVATION_EXPIRY_JOB,
  elevationExpiryJob,
  elevationService,
  type ElevationService,
} from './elevation-service.ts';
