/** The public entry of this module: other modules import only from here. */
export {
  ACK_EXPIRY_JOB,
  ackExpiryJob,
  ackService,
  type AckService,
  type RunSync,
} from './ack-service.ts';
