/** The public entry of this module: other modules import only from here. */
export * from './csv.ts';
export * from './table-file.ts';
export * from './zoned-time.ts';
