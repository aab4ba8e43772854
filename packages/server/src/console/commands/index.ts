/** The public entry of this module: other modules import only from here. */
export { taskService, type TaskService } from './task-service.ts';
export { syncService, type SyncService } from './sync-service.ts';
