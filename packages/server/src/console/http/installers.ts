import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  deleteInstaller,
  downloadInstaller,
  installerList,
  releasedVersions,
  uploadInstaller,
} from '@edp/shared/api/console/installers.calls';
import { attachment, serve } from '../../platform/http/index.ts';
import type { InstallerService } from '../installers/index.ts';
import { callerOf } from './console-guard.ts';

/** Installers and versions (docs/engines.md "Installers"); the download shares /owner/dw. */
export function installerRoutes(
  app: FastifyInstance,
  { installers }: { installers: InstallerService },
) {
  serve(app, installerList, (req) => installers.list(callerOf(req), req.body));
  serve(app, releasedVersions, (req) => installers.releases(req.locale));
  serve(app, uploadInstaller, (req) => installers.upload(callerOf(req), req.body));
  serve(app, deleteInstaller, async (req) => {
    await installers.delete(callerOf(req), req.body.id);
  });
  // GET /owner/dw/:owner/audit is the audit log's CSV: a static segment wins over `:type`.
  serve(app, downloadInstaller, async (req, reply) => {
    const { row, size, path } = await installers.file(
      callerOf(req),
      req.params.owner,
      req.params.type,
    );
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', attachment(row.fileName))
      .header('Content-Length', size)
      .header('X-Content-SHA256', row.sha256)
      .type('application/octet-stream')
      .send(fs.createReadStream(path));
  });
}
