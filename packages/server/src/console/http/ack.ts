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
import type { SyncService } from '../commands/index.ts';
import type { AckService } from '../elevation/index.ts';
import { callerOf } from './console-guard.ts';

/** Elevation and learning mode under review (docs/elevation.md). */
export function ackRoutes(
  app: FastifyInstance,
  { acks, sync }: { acks: AckService; sync: SyncService },
) {
  serve(app, askElevation, (req) => acks.ask(callerOf(req), 'elevation', req.body));
  serve(app, askLearning, (req) => acks.ask(callerOf(req), 'learning', req.body));
  serve(app, withdrawAck, (req) => acks.withdraw(callerOf(req), req.body.id));
  serve(app, myAckList, (req) => acks.mine(callerOf(req), req.body));
  serve(app, ackReviewList, (req) => acks.reviewList(callerOf(req), req.body));
  serve(app, ackInfo, (req) => acks.info(callerOf(req), req.body.id));
  serve(app, ackCheck, (req) => acks.check(callerOf(req), req.body));
  serve(app, ackGetSettings, (req) => acks.settings(callerOf(req)));
  serve(app, ackSetSettings, (req) => acks.setSettings(callerOf(req), req.body));
  serve(app, adjustWindow, (req) => acks.adjust(callerOf(req), req.body));
  serve(app, endLearning, (req) => acks.endLearning(callerOf(req), req.body.id));
  serve(app, learnedPrograms, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'learning.list', {}),
  );
  serve(app, authoriseLearned, (req) =>
    sync.run(callerOf(req), req.body.deviceId, 'learning.authorise', { paths: req.body.paths }),
  );
}
