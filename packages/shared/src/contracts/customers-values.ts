/**
 * The vendor's customer list's plain values: its orders. They hold no zod, so the browser imports
 * them from here without the schemas of customers.ts, which re-exports them
 * (packages/web/build/screen-chunks.ts: no lazily loaded part runs zod).
 */

export const CUSTOMER_SORTS = ['createdAt', 'company', 'balance'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
