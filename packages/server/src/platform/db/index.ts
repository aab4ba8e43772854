/** The public entry of this module: other modules import only from here. */
export * from './client.ts';
export * from './db-errors.ts';
export * from './like-pattern.ts';
export * from './random-code.ts';
export * from './storable-text.ts';
export * from './schema/index.ts';
export * from './prepared-image.ts';
export * from './log-partitions.ts';
export * from './exclusive.ts';
export * from './log-week-retire.ts';
export * from './page-cursor.ts';
export * from './embedded-autovacuum.ts';
export * from './array-param.ts';
