import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { accountRoutes } from './account.ts';
import { balanceRoutes } from './balance.ts';
import { deviceRoutes } from './device.ts';
import { licenceRoutes } from './licence.ts';

/** The customer portal, /api/com/* (docs/portal.md). */
export function portalRoutes(app: FastifyInstance, services: Services) {
  accountRoutes(app, services);
  licenceRoutes(app, services);
  deviceRoutes(app, services);
  balanceRoutes(app, services);
}
