import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from './storage.ts';

/**
 * The vendor's super administrator session (/sa screens), kept apart from the company and the
 * console user so that one browser can hold a vendor and a company session at once: its token
 * is sent only on /api/sa/* calls (lib/http.ts).
 */
export interface VendorSession {
  account: string;
  token: string;
}

export function parseVendor(value: unknown): VendorSession | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { account, token } = value as Record<string, unknown>;
  return typeof account === 'string' && typeof token === 'string' ? { account, token } : undefined;
}

let snapshot: VendorSession | undefined = readItem('vendor', parseVendor);
const listeners = new Set<() => void>();

function update(next: VendorSession | undefined): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const vendorStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): VendorSession | undefined => snapshot,
  reload(): void {
    update(readItem('vendor', parseVendor));
  },
};

export function signInVendor(session: VendorSession): void {
  writeItem('vendor', session);
  update(session);
}

export function clearVendor(): void {
  removeItem('vendor');
  update(undefined);
}

export function useVendorSession(): VendorSession | undefined {
  return useSyncExternalStore(vendorStore.subscribe, vendorStore.getSnapshot);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'edp.vendor') vendorStore.reload();
  });
}
