import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/index.ts';
import { ownerRoutes } from './owner/index.ts';
import { saRoutes } from './sa/index.ts';
import { comRoutes } from './com/index.ts';
import { loginRoutes } from './login/index.ts';
import { userRoutes } from './user/index.ts';

/** Every area of SPEC §7 under /api; the folder of each mirrors its URL. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(ownerRoutes, { prefix: '/owner' });
  await app.register(saRoutes, { prefix: '/sa' });
  await app.register(comRoutes, { prefix: '/com' });
  await app.register(loginRoutes, { prefix: '/login' });
  await app.register(userRoutes, { prefix: '/user' });
};
