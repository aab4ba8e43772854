/** The public entry of this module: other modules import only from here. */
export * from './auth.ts';
export * from './client-error.ts';
export * from './envelope.ts';
export * from './external.ts';
export * from './i18n.ts';
export * from './input-guard.ts';
export * from './lazy-child-logger.ts';
export * from './platform-routes.ts';
export * from './request-helpers.ts';
export * from './security-headers.ts';
export * from './serializer.ts';
export * from './serve.ts';
export * from './web.ts';
export * from './metrics-routes.ts';
export * from './kept-answer.ts';
export * from './send-file.ts';
