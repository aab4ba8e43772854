import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { comAccountRoutes } from './account.ts';
import { comBalanceRoutes } from './balance.ts';
import { comDeviceRoutes } from './device.ts';
import { comLicenceRoutes } from './licence.ts';

/** The customer portal, /api/com/* (docs/portal.md). */
export function comRoutes(app: FastifyInstance, services: Services) {
  comAccountRoutes(app, services);
  comLicenceRoutes(app, services);
  comDeviceRoutes(app, services);
  comBalanceRoutes(app, services);
}
