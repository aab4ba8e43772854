/** The public entry of this module: other modules import only from here. */
export * from './group-repository.ts';
export * from './group-scope.ts';
export * from './group-service.ts';
export * from './group-usage.ts';
