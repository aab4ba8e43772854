/** The public entry of this module: other modules import only from here. */
export { versionService, type VersionService } from './version-service.ts';
export type { VersionFacts } from './version-facts.ts';
