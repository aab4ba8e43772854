import type { BaseLogger } from 'pino';

/** The server's log (pino, as Fastify made it), as services and the platform write to it. */
export type Logger = Pick<BaseLogger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'>;
