import type { FastifyInstance } from 'fastify';
import {
  checkIn,
  enrol,
  engineEvents,
  escrowKeys,
  sendLogs,
  sendResults,
} from '@edp/shared/api/engine/agent.calls';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { serve } from '../../platform/http/index.ts';
import type { EngineContext } from '../index.ts';
import { deviceOf } from './engine-guard.ts';
import { engineFileRoutes } from './engine-file-routes.ts';

/**
 * How long an engine refused a push stream waits before it asks again (Retry-After, seconds);
 * it checks in at its interval meanwhile, so its commands still reach it.
 */
export const STREAM_RETRY_AFTER_S = 60;

/** A refusal is logged at most this often (a full node refuses many). */
const REFUSAL_LOG_MS = 60_000;

/** The engine protocol under /api/agent (docs/engines.md), and the engine file itself. */
export function agentRoutes(app: FastifyInstance, { engines }: { engines: EngineContext }) {
  const { files, metrics } = app.platform;
  let refusalLoggedAt = -Infinity;
  serve(app, enrol, async (req) => {
    // Enrolment is public (the secret is the credential), and engines read English.
    req.locale = 'en-US';
    return engines.service.enrol(req.body, req.ip);
  });
  serve(app, checkIn, (req) =>
    engines.service.checkIn(deviceOf(req), req.body.state, req.body.results),
  );
  serve(app, sendResults, (req) => engines.service.results(deviceOf(req), req.body.results));
  serve(app, sendLogs, (req) => engines.logged(deviceOf(req), req.body));
  serve(app, escrowKeys, (req) => engines.service.escrowed(deviceOf(req), req.body.keys));
  // The push stream (docs/commands.md): the reply is handed over to the hub, which writes
  // server-sent events to it until the engine goes or the server closes; an engine that asks
  // (`?commands=1`) is sent its commands on it, any other only asked to check in. A stream
  // holds a file (its socket) as long as it lasts: one that would eat into the margin of files
  // kept for everything else is refused, 503 with Retry-After (platform/files).
  serve(app, engineEvents, async (req, reply) => {
    const device = deviceOf(req);
    // The stream this device holds already is replaced, not added to.
    const held = engines.push.size - (engines.push.reach(device.deviceId) ? 1 : 0);
    if (!files.admit(held)) {
      metrics.streamsRefused.inc();
      const now = Date.now();
      if (now - refusalLoggedAt >= REFUSAL_LOG_MS) {
        refusalLoggedAt = now;
        req.log.warn(
          {
            streams: engines.push.size,
            openFiles: files.openFiles(),
            fileLimit: files.limit,
            margin: files.margin,
          },
          'push streams refused: the files left are kept for everything else (raise the limit of open files: docs/operations.md)',
        );
      }
      reply.header('retry-after', String(STREAM_RETRY_AFTER_S));
      throw new AppError(CommonErr.Unavailable);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Proxies such as nginx must pass each event on at once.
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    const detach = engines.push.attach(
      device.deviceId,
      { write: (text) => void res.write(text), end: () => res.end() },
      { commands: req.query.commands === '1' },
    );
    res.on('close', detach);
    engines.commands.streamOpened(device.deviceId);
    return reply;
  });
  engineFileRoutes(app, engines.file);
}
