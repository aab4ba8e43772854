import type { FastifyPluginAsync } from 'fastify';
import { comAccountRoutes } from './account.ts';
import { comBalanceRoutes } from './balance.ts';
import { comDeviceRoutes } from './device.ts';
import { comLicenceRoutes } from './licence.ts';

/** The customer portal, /api/com/* (ARCHITECTURE.md §6; docs/portal.md). */
export const comRoutes: FastifyPluginAsync = async (app) => {
  await app.register(comAccountRoutes);
  await app.register(comLicenceRoutes);
  await app.register(comDeviceRoutes);
  await app.register(comBalanceRoutes);
};
