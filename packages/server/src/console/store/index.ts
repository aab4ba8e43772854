/**
 * The console's store, the bottom of its layers (docs/architecture.md §4): read models, each
 * named for the module that owns its tables and holding only selects, for the modules beside and
 * below that owner; and the repositories not yet moved to their owning modules (issue 36). It
 * imports only the platform.
 */
export * from './group-repository.ts';
export * from './proxy-read-model.ts';
export * from './role-repository.ts';
export * from './user-repository.ts';
export * from './installer-read-model.ts';
export * from './device-read-model.ts';
