/** The public entry of this module: other modules import only from here. */
export * from './login-settings.ts';
export * from './setup-service.ts';
export * from './tenant-info-service.ts';
export * from './tenant-repository.ts';
export * from './tenant-service.ts';
