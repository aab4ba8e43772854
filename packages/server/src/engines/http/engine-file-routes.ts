import type { FastifyInstance } from 'fastify';
import { engineFile, engineFileInfo } from '@edp/shared/api/engine/agent.calls';
import { serve } from '../../platform/http/index.ts';
import type { EngineFileStore } from '../engine-file.ts';

/**
 * The reference engine, served by the console itself (docs/engines-agent.md, "Getting the
 * engine"): the commands the console shows download it from here and check its SHA-256, so no
 * customer's machine asks a package registry for it. Both calls are public (a bare server has no
 * console session) and counted by the per-address rate limit. The info call answers in the
 * reader's language (the console page shows it), the download in English (a terminal shows it).
 */
export function engineFileRoutes(app: FastifyInstance, store: EngineFileStore) {
  serve(app, engineFileInfo, async () => {
    const { fileName, size, sha256, builtAt } = await store.current();
    return { fileName, size, sha256, builtAt };
  });
  serve(app, engineFile, async (req, reply) => {
    // Fetched by a command on a server, as engines call: a refusal reads in English there.
    req.locale = 'en-US';
    const file = await store.current();
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('X-Content-SHA256', file.sha256)
      .type('application/octet-stream')
      .send(file.bytes);
  });
}
