import type { FastifyInstance } from 'fastify';
import type { Call } from '@edp/shared/api/define';
import { consoleGuard } from './console/http/index.ts';
import { engineGuard } from './engines/http/index.ts';
import type { Guard } from './platform/http/index.ts';
import type { Services } from './services.ts';

/** The guard each kind of access names (platform/http/serve.ts registers it with the route). */
export function guardOf(app: FastifyInstance, services: Services) {
  return (call: Call): Guard => {
    const { access } = call;
    switch (access.who) {
      case 'public':
        return { onRequest: [] };
      case 'company':
        return { onRequest: [app.requireSession('company')] };
      case 'vendor':
        return { onRequest: [app.requireSession('vendor')] };
      case 'console':
        return consoleGuard(app, services, call.path, access);
      case 'engine':
        return engineGuard(services.engines.auth);
    }
  };
}
