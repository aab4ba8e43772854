/** The public entry of this module: other modules import only from here. */
export { engineReadService } from './engine-read-service.ts';
