/** The public entry of this module: other modules import only from here. */
export * from './device-counts.ts';
export * from './device-repository.ts';
export * from './device-scope.ts';
export * from './device-service.ts';
export * from './device-type.ts';

import { registerDeviceCounter } from '../groups/index.ts';
import { deviceRepository } from './device-repository.ts';

// A group with devices (running or deprecated) cannot be deleted (docs/product.md §5).
registerDeviceCounter((db, tenantId, groupId) =>
  deviceRepository(db).countInGroup(tenantId, groupId),
);
