/** The public entry of this module: other modules import only from here. */
export * from './user-repository.ts';
export * from './user-service.ts';
export * from './user-password.ts';
