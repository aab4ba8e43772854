/** The public entry of this module: other modules import only from here. */
export * from './vendor-keys.ts';
export * from './console-key.ts';
export * from './secret-box.ts';
export * from './kek.ts';
export * from './shares.ts';
export * from './age-files.ts';
