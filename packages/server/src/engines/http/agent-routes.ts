import type { FastifyInstance } from 'fastify';
import {
  checkIn,
  enrol,
  engineEvents,
  sendLogs,
  sendResults,
} from '@edp/shared/api/engine/agent.calls';
import { serve } from '../../platform/http/index.ts';
import type { EngineContext } from '../index.ts';
import { deviceOf } from './engine-guard.ts';
import { engineFileRoutes } from './engine-file-routes.ts';

/** The engine protocol under /api/agent (docs/engines.md), and the engine file itself. */
export function agentRoutes(app: FastifyInstance, { engines }: { engines: EngineContext }) {
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
  // The push stream (docs/commands.md): the reply is handed over to the hub, which writes
  // server-sent events to it until the engine goes or the server closes; an engine that asks
  // (`?commands=1`) is sent its commands on it, any other only asked to check in.
  serve(app, engineEvents, async (req, reply) => {
    const device = deviceOf(req);
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
