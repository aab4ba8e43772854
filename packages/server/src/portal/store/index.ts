/**
 * The portal's store, the bottom of the portal (docs/architecture.md, "Table owners"): read
 * models, each named for the module that owns its tables and holding only selects, for the
 * portal's other modules. It imports only the platform.
 */
export * from './balance-read-model.ts';
export * from './company-read-model.ts';
export * from './licence-engine-read-model.ts';
export * from './licence-read-model.ts';
export * from './super-admin-read-model.ts';
