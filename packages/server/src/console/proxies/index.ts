/** The public entry of this module: other modules import only from here. */
export { proxyService, type ProxyService } from './proxy-service.ts';
