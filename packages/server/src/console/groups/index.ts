/** The public entry of this module: other modules import only from here. */
export { groupService, type GroupService } from './group-service.ts';
