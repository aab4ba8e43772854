/**
 * Every call to a tenant's SMS gateway, cloud SMS or webhook receiver goes through the platform's
 * outbound client (platform/outbound, handed in by services.ts): internal addresses refused at
 * connect time, no redirects, 10 s at most, the body read only when asked (cloud SMS's JSON) and
 * bounded. A call without an answer throws the platform's OutboundError with one short reason.
 */
export { OutboundError, type OutboundClient } from '../../platform/outbound/index.ts';

/**
 * The gateway or receiver answered, but not with a 2xx (or cloud SMS's `OK`): its status or the
 * provider's short code, never its body, which could be anything a tenant pointed the console at.
 */
export class RefusedByGateway extends Error {}

export const isOk = (status: number) => status >= 200 && status <= 299;
