/** The public entry of this module: other modules import only from here. */
export { engineReadService, type EngineReadService } from './engine-read-service.ts';
