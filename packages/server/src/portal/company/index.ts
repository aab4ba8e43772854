/** The public entry of this module: other modules import only from here. */
export * from './company-service.ts';
export * from './email-code-service.ts';
