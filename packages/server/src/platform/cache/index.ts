/** The public entry of this module: other modules import only from here. */
export * from './answer-cache.ts';
export * from './cache-bus.ts';
export * from './ttl-cache.ts';
