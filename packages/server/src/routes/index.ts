import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { comRoutes } from './com/index.ts';
import { loginRoutes } from './login/index.ts';
import { ownerRoutes } from './owner/index.ts';
import { platformRoutes } from './platform.ts';
import { saRoutes } from './sa/index.ts';
import { userRoutes } from './user/index.ts';

/** Every call of the registry (packages/shared/src/api), registered under /api. */
export function apiRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    platformRoutes(app, services);
    comRoutes(app, services);
    saRoutes(app, services);
    ownerRoutes(app, services);
    loginRoutes(app, services);
    userRoutes(app, services);
  };
}
