import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { balanceRoutes } from './balance.ts';
import { deviceRoutes } from './device.ts';
import { licenceRoutes } from './licence.ts';
import { supportRequestRoutes } from './support-requests.ts';

/** The customer portal, /api/com/* (docs/portal.md), and the vendor's side of requests. */
export function portalRoutes(
  app: FastifyInstance,
  services: Parameters<typeof accountRoutes>[1] &
    Parameters<typeof licenceRoutes>[1] &
    Parameters<typeof deviceRoutes>[1] &
    Parameters<typeof balanceRoutes>[1] &
    Parameters<typeof supportRequestRoutes>[1],
) {
  accountRoutes(app, services);
  licenceRoutes(app, services);
  deviceRoutes(app, services);
  balanceRoutes(app, services);
  supportRequestRoutes(app, services);
}
