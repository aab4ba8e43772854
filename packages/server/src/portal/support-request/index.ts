/** The public entry of this module: other modules import only from here. */
export { supportRequestService, type SupportRequestService } from './support-request-service.ts';
