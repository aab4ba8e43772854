import type { FastifyInstance } from 'fastify';
import { balanceHistory, recharge } from '@edp/shared/api/portal/balance.calls';
import { sessionOf, serve } from '../../platform/http/index.ts';
import type { BalanceService, RechargeService } from '../balance/index.ts';

/** My balance: recharge with a code, and the balance with its history. */
export function balanceRoutes(
  app: FastifyInstance,
  s: { balance: BalanceService; recharge: RechargeService },
) {
  serve(app, recharge, (req) => s.recharge.redeem(sessionOf(req).subjectId, req.body.code));
  serve(app, balanceHistory, (req) => s.balance.history(sessionOf(req).subjectId, req.body));
}
