/** The public entry of this module: other modules import only from here. */
export * from './zip-files.ts';
