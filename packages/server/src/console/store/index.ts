/**
 * The console's store, the bottom of its layers (docs/architecture.md §4): read models, each
 * named for the module that owns its tables and holding only selects, for the modules beside and
 * below that owner. It imports only the platform.
 */
export * from './group-read-model.ts';
export * from './proxy-read-model.ts';
export * from './role-read-model.ts';
export * from './user-read-model.ts';
export * from './installer-read-model.ts';
export * from './device-read-model.ts';
export * from './device-licence-read-model.ts';
export * from './log-read-model.ts';
export * from './command-read-model.ts';
export * from './elevation-read-model.ts';
export * from './licence-read-model.ts';
export * from './audit-read-model.ts';
export * from './device-figures-read-model.ts';
export * from './tenant-read-model.ts';
export * from './keys-read-model.ts';
export * from './key-rotation-read-model.ts';
export * from './tenant-customer-read-model.ts';
