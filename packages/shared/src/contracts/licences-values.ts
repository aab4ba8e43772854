/**
 * The licences' plain values (docs/product.md §4): a request's purpose and a licence's state. They
 * hold no zod, so the browser imports them from here without the schemas of licences.ts, which
 * re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded part runs zod).
 */

/** Whether a request asks for a first licence or extends the one installed. */
export const LICENCE_PURPOSES = ['activate', 'renew'] as const;
export type LicencePurpose = (typeof LICENCE_PURPOSES)[number];

/** A licence's state in the view (SPEC §4): none installed, normal, under 30 days, expired. */
export const LICENCE_STATES = ['none', 'normal', 'expiring', 'expired'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
