import type { FastifyInstance } from 'fastify';
import {
  ackCheck,
  ackGetSettings,
  ackInfo,
  ackReviewList,
  ackSetSettings,
  adjustWindow,
  askElevation,
  askLearning,
  authoriseLearned,
  endLearning,
  learnedPrograms,
  myAckList,
  withdrawAck,
} from '@edp/shared/api/console/ack.calls';
import { serve } from '../../platform/http/index.ts';
import type { ElevationService } from '../elevation/index.ts';
import { callerOf } from './console-guard.ts';

/**
 * Elevation and learning mode under review (docs/elevation.md). The calls keep the spec's `ack`
 * paths and names (packages/shared/src/api/console/ack.calls.ts); the server calls it elevation.
 */
export function elevationRoutes(
  app: FastifyInstance,
  { elevation }: { elevation: ElevationService },
) {
  serve(app, askElevation, (req) => elevation.ask(callerOf(req), 'elevation', req.body));
  serve(app, askLearning, (req) => elevation.ask(callerOf(req), 'learning', req.body));
  serve(app, withdrawAck, (req) => elevation.withdraw(callerOf(req), req.body.id));
  serve(app, myAckList, (req) => elevation.mine(callerOf(req), req.body));
  serve(app, ackReviewList, (req) => elevation.reviewList(callerOf(req), req.body));
  serve(app, ackInfo, (req) => elevation.info(callerOf(req), req.body.id));
  serve(app, ackCheck, (req) => elevation.check(callerOf(req), req.body));
  serve(app, ackGetSettings, (req) => elevation.settings(callerOf(req)));
  serve(app, ackSetSettings, (req) => elevation.setSettings(callerOf(req), req.body));
  serve(app, adjustWindow, (req) => elevation.adjust(callerOf(req), req.body));
  serve(app, endLearning, (req) => elevation.endLearning(callerOf(req), req.body.id));
  serve(app, learnedPrograms, (req) => elevation.learned(callerOf(req), req.body.deviceId));
  serve(app, authoriseLearned, (req) =>
    elevation.authoriseLearned(callerOf(req), req.body.deviceId, req.body.paths),
  );
}
