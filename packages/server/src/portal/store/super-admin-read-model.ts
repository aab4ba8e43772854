import { QueryBuilder } from 'drizzle-orm/pg-core';
import { rechargePackages } from '../../platform/db/index.ts';

/*
 * A read model of the vendor's module (portal/super-admin owns `recharge_packages` and
 * `super_admins`): the packages' names a company's balance history shows (portal/balance).
 * Selects only.
 */

/**
 * Every package's id and name, deleted ones too (the history keeps the name), as a subquery a
 * list joins on the package's id: `.leftJoin(packageNames, eq(packageNames.id, …))`.
 */
export const packageNames = new QueryBuilder()
  .select({ id: rechargePackages.id, name: rechargePackages.name })
  .from(rechargePackages)
  .as('package_names');
