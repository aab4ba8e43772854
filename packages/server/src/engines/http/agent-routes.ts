import type { FastifyInstance } from 'fastify';
import { checkIn, enrol } from '@edp/shared/api/engine/agent.calls';
import { serve } from '../../platform/http/index.ts';
import type { EngineContext } from '../index.ts';
import { deviceOf } from './engine-guard.ts';
import { engineFileRoutes } from './engine-file-routes.ts';

/** The engine protocol under /api/agent (docs/engines.md), and the engine file itself. */
export function agentRoutes(app: FastifyInstance, { engines }: { engines: EngineContext }) {
  serve(app, enrol, async (req) => {
    // Enrolment is public (the secret is the credential), and engines read English.
    req.locale = 'en-US';
    const { secret, identity, state } = req.body;
    return engines.service.enrol(secret, identity, state, req.ip);
  });
  serve(app, checkIn, (req) => engines.service.checkIn(deviceOf(req), req.body.state));
  engineFileRoutes(app);
}
