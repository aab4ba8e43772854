/** The public entry of this module: other modules import only from here. */
export * from './actor.ts';
export * from './console-cache.ts';
export * from './login-service.ts';
export * from './user-info.ts';
export * from './self-service.ts';
