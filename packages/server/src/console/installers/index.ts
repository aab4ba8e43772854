/** The public entry of this module: other modules import only from here. */
export * from './installer-repository.ts';
export * from './installer-service.ts';
export * from './installer-store.ts';
