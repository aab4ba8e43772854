import { customType } from 'drizzle-orm/pg-core';

/** Bytes: a Buffer in, a Buffer out (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
