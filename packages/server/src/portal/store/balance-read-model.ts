import { sql } from 'drizzle-orm';

/*
 * A read model of the balance module (portal/balance owns `balance_records` and
 * `recharge_codes`): the recharge codes the vendor's packages list counts (portal/super-admin).
 * Selects only.
 */

/**
 * The codes made of a package, as a column of a select over `recharge_packages` (the columns are
 * spelled out: drizzle leaves them unqualified in single-table selects).
 */
export const packageCodesIssuedSql = sql<number>`(select count(*) from recharge_codes c where c.package_id = "recharge_packages"."id")::int`;
/** The codes of a package redeemed already, as a column of a select over `recharge_packages`. */
export const packageCodesUsedSql = sql<number>`(select count(*) from recharge_codes c where c.package_id = "recharge_packages"."id" and c.used_at is not null)::int`;
