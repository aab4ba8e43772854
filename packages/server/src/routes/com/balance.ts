import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEnvelope, ZListRequest } from '@edp/shared/contracts/common';
import { ZBalanceResult, ZRecharge, ZRechargeResult } from '@edp/shared/contracts/com';
import { sessionOf } from '../../plugins/auth.ts';
import { rechargeService } from '../../modules/recharge/recharge-service.ts';
import { balanceQueries } from '../../modules/balance/balance-queries.ts';
import { sensitiveRateLimit } from './route-helpers.ts';

const tags = ['com'];
const security = [{ token: [] }];

/** My balance: recharge with a code, and the balance with its history. */
export const comBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const recharge = rechargeService(app.db);
  const balance = balanceQueries(app.db);
  const onRequest = app.requireSession('company');

  app.post(
    '/recharge',
    {
      onRequest,
      config: sensitiveRateLimit(app),
      schema: {
        tags,
        security,
        summary: 'Redeem a recharge code (single use)',
        body: ZRecharge,
        response: { 200: ZEnvelope(ZRechargeResult) },
      },
    },
    async (req, reply) => reply.ok(await recharge.redeem(sessionOf(req).subjectId, req.body.code)),
  );

  app.post(
    '/my/balance',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Balance in months and its history, newest first',
        body: ZListRequest,
        response: { 200: ZEnvelope(ZBalanceResult) },
      },
    },
    async (req, reply) => reply.ok(await balance.history(sessionOf(req).subjectId, req.body)),
  );
};
