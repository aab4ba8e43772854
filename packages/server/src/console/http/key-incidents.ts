import type { FastifyInstance } from 'fastify';
import {
  closeIncident,
  declareIncident,
  incidentList,
  noteIncident,
} from '@edp/shared/api/console/keys.calls';
import { serve } from '../../platform/http/index.ts';
import type { IncidentService } from '../keys/index.ts';
import { callerOf } from './console-guard.ts';

/** Key incidents (docs/keys.md "Incidents"). */
export function keyIncidentRoutes(
  app: FastifyInstance,
  { incidents }: { incidents: IncidentService },
) {
  serve(app, declareIncident, (req) => incidents.declare(callerOf(req), req.body));
  serve(app, incidentList, (req) => incidents.list(callerOf(req), req.body));
  serve(app, noteIncident, (req) => incidents.note(callerOf(req), req.body));
  serve(app, closeIncident, (req) => incidents.close(callerOf(req), req.body));
}
