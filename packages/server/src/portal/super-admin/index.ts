/** The public entry of this module: other modules import only from here. */
export { vendorService } from './vendor-service.ts';
