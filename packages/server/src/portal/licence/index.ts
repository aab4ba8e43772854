/** The public entry of this module: other modules import only from here. */
export * from './licence-file.ts';
export * from './licence-page-cache.ts';
export * from './licence-query-repository.ts';
export * from './licence-service.ts';
export * from './licence-status.ts';
