/**
 * Who acts on the vendor's side: the super administrator of a vendor session and the request's
 * address, as the vendor's audit log names them (platform/http `vendorActorOf` reads it).
 */
export interface VendorActor {
  adminId: string;
  ip: string;
}
