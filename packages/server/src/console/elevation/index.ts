/** The public entry of this module: other modules import only from here. */
export { ackService, type AckService, type RunSync } from './ack-service.ts';
