import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/index.ts';
import { ownerRoutes } from './owner/index.ts';
import { saRoutes } from './sa/index.ts';

/** Every area of SPEC §7 under /api; the folder of each mirrors its URL. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(ownerRoutes, { prefix: '/owner' });
  await app.register(saRoutes, { prefix: '/sa' });
};
