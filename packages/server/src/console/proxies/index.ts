/** The public entry of this module: other modules import only from here. */
export * from './proxy-repository.ts';
export * from './proxy-service.ts';
export * from './proxy-window.ts';
