import type { FastifyInstance } from 'fastify';
import type { Services } from './services.ts';
import { portalRoutes, vendorRoutes, versionRoutes } from './portal/http/index.ts';
import {
  elevationRoutes,
  keyRoutes,
  keyIncidentRoutes,
  deviceRoutes,
  installerRoutes,
  taskRoutes,
  licenceRoutes,
  logRoutes,
  overviewRoutes,
  loginRoutes,
  notifyRoutes,
  reportRoutes,
  tenantRoutes,
  userRoutes,
  vendorTenantRoutes,
} from './console/http/index.ts';
import { agentRoutes } from './engines/http/index.ts';
import { platformRoutes } from './platform/http/index.ts';

/** Every call of the registry (packages/shared/src/api), registered under /api. */
export function apiRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    platformRoutes(app);
    portalRoutes(app, services);
    vendorRoutes(app, services);
    versionRoutes(app, services);
    vendorTenantRoutes(app, services);
    tenantRoutes(app, services);
    loginRoutes(app, services);
    userRoutes(app, services);
    deviceRoutes(app, services);
    installerRoutes(app, services);
    taskRoutes(app, services);
    elevationRoutes(app, services);
    keyRoutes(app, services);
    keyIncidentRoutes(app, services);
    licenceRoutes(app, services);
    logRoutes(app, services);
    overviewRoutes(app, services);
    notifyRoutes(app, services);
    reportRoutes(app, services);
    agentRoutes(app, services);
  };
}
