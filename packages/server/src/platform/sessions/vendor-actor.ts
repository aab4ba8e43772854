/**
 * Who acts on the vendor's side: the super administrator of a vendor session and the request's
 * address, as the vendor's audit log names them (platform/http `vendorActorOf` reads it).
 */
export interface VendorActor {
  adminId: string;
  ip: string;
}

/**
 * One change as the vendor's audit log takes it (portal/super-admin owns the log): the call's
 * path, what it was done to, and what it was before and after; never a password, a hash or a
 * recharge code.
 */
export interface VendorAuditEntry {
  action: string;
  target: string;
  /** The tenant the change concerns (its users' included), for the tenant's filter. */
  tenantId?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes an entry to the vendor's audit log: what services.ts hands the console's vendor
 * services (the console imports no portal module).
 */
export type VendorAuditRecord = (actor: VendorActor, entry: VendorAuditEntry) => Promise<void>;
