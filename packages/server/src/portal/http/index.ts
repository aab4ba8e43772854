/** The public entry of this module: other modules import only from here. */
export * from './portal-routes.ts';
export * from './vendor.ts';
export * from './versions.ts';
