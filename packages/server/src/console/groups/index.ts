/** The public entry of this module: other modules import only from here. */
export { groupService } from './group-service.ts';
