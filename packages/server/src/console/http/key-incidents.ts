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

/**
 * Key incidents (docs/keys.md "Incidents"). The service is read from `services` at each call, so
 * a test may hand in one built on actions of its own.
 */
export function keyIncidentRoutes(app: FastifyInstance, services: { incidents: IncidentService }) {
  serve(app, declareIncident, (req) => services.incidents.declare(callerOf(req), req.body));
  serve(app, incidentList, (req) => services.incidents.list(callerOf(req), req.body));
  serve(app, noteIncident, (req) => services.incidents.note(callerOf(req), req.body));
  serve(app, closeIncident, (req) => services.incidents.close(callerOf(req), req.body));
}
