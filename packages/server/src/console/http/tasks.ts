import type { FastifyInstance } from 'fastify';
import {
  authorisedPrograms,
  authoriseProgram,
  engineVersion,
  revokeProgram,
  viewFolder,
  viewProgram,
  watchEngine,
} from '@edp/shared/api/console/sync.calls';
import {
  addDpiFolder,
  addTdeFolder,
  cancelTask,
  previewTask,
  refreshTask,
  removeDpiFolder,
  removeTdeFolder,
  resetDpi,
  retryTask,
  seProtect,
  seUnprotect,
  taskInfo,
  taskList,
  taskLogInfo,
  taskLogs,
  taskOperators,
  upgradeEngines,
} from '@edp/shared/api/console/tasks.calls';
import type { TaskType } from '@edp/shared/contracts/commands';
import type { TFolderTask } from '@edp/shared/contracts/tasks';
import type { EngineContext } from '../../engines/index.ts';
import { serve } from '../../platform/http/index.ts';
import type { SyncService, TaskService } from '../commands/index.ts';
import { callerOf } from './console-guard.ts';

/** Tasks, their results, and synchronous commands (docs/commands.md). */
export function taskRoutes(
  app: FastifyInstance,
  { tasks, sync, engines }: { tasks: TaskService; sync: SyncService; engines: EngineContext },
) {
  const folderTasks = [
    [addTdeFolder, 'tde.encrypt'],
    [removeTdeFolder, 'tde.decrypt'],
    [seProtect, 'se.protect'],
    [seUnprotect, 'se.unprotect'],
    [addDpiFolder, 'dpi.baseline'],
    [removeDpiFolder, 'dpi.drop'],
    [resetDpi, 'dpi.reset'],
  ] as const satisfies readonly (readonly [unknown, TaskType])[];
  for (const [call, type] of folderTasks) {
    serve(app, call, (req) => {
      const { target, path, name, expiresInHours }: TFolderTask = req.body;
      return tasks.create(callerOf(req), { type, args: { path }, target, name, expiresInHours });
    });
  }
  serve(app, upgradeEngines, async (req) => {
    // The engine this console serves is the upgrade's target: its version and SHA-256.
    const { version, sha256 } = await engines.file.current();
    return tasks.upgrade(callerOf(req), req.body, { version, sha256 });
  });
  serve(app, previewTask, (req) =>
    tasks.preview(callerOf(req), req.body.target, req.body.type, req.locale),
  );
  serve(app, taskList, (req) => tasks.list(callerOf(req), req.body, req.locale));
  serve(app, taskOperators, (req) => tasks.operators(callerOf(req)));
  serve(app, taskInfo, (req) => tasks.info(callerOf(req), req.body.id, req.locale));
  serve(app, taskLogs, (req) => tasks.logs(callerOf(req), req.body, req.locale));
  serve(app, taskLogInfo, (req) => tasks.logInfo(callerOf(req), req.body.id, req.locale));
  serve(app, refreshTask, (req) => tasks.refresh(callerOf(req), req.body.id, req.locale));
  serve(app, cancelTask, (req) => tasks.cancel(callerOf(req), req.body.id));
  serve(app, retryTask, (req) => tasks.retry(callerOf(req), req.body.id));

  serve(app, viewFolder, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'view.folder', { path: req.body.path }),
  );
  serve(app, viewProgram, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'view.program', { path: req.body.path }),
  );
  serve(app, authoriseProgram, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'program.authorise', { path: req.body.path }),
  );
  serve(app, revokeProgram, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'program.revoke', { path: req.body.path }),
  );
  serve(app, authorisedPrograms, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'program.list', {}),
  );
  serve(app, engineVersion, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'engine.version', {}),
  );
  serve(app, watchEngine, (req) => sync.run(callerOf(req), req.body.deviceId, 'engine.watch', {}));
}
