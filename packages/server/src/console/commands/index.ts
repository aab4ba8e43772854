/** The public entry of this module: other modules import only from here. */
export { taskService, type TaskService } from './task-service.ts';
export { syncService, type SyncService } from './sync-service.ts';
export {
  commandEvents,
  commandService,
  type CommandEvents,
  type CommandService,
  type CommandToSend,
} from './command-service.ts';
