/** The public entry of this module: other modules import only from here. */
export { installerService, type InstallerService } from './installer-service.ts';
export { installerStore, isUuid, type InstallerStore } from './installer-store.ts';
