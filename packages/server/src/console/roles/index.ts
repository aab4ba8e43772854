/** The public entry of this module: other modules import only from here. */
export * from './admin-email.ts';
export * from './role-repository.ts';
export * from './role-service.ts';
