import type { FastifyInstance } from 'fastify';
import { overviewActivity } from '@edp/shared/api/console/overview.calls';
import { serve } from '../../platform/http/index.ts';
import type { OverviewService } from '../overview/index.ts';
import { callerOf } from './console-guard.ts';

/** The data overview's charts (docs/overview.md). A read: not audited. */
export function overviewRoutes(app: FastifyInstance, { overview }: { overview: OverviewService }) {
  serve(app, overviewActivity, (req) => overview.activity(callerOf(req), req.body));
}
