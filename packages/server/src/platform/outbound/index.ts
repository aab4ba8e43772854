/** The public entry of this module: other modules import only from here. */
export {
  outboundClient,
  OutboundError,
  OUTBOUND_TIMEOUT_MS,
  type OutboundClient,
  type OutboundFailure,
  type OutboundOptions,
} from './outbound-client.ts';
export { isInternal } from './address-policy.ts';
