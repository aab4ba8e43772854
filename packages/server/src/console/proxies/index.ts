/** The public entry of this module: other modules import only from here. */
export { proxyService } from './proxy-service.ts';
