/**
 * Whether the browser is online and the API answered the last request. Drives the offline
 * notice; the HTTP client reports reachability, the browser reports `online`/`offline`.
 */
export interface Connectivity {
  online: boolean;
  apiReachable: boolean;
}

let state: Connectivity = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  apiReachable: true,
};
const listeners = new Set<() => void>();

function set(next: Partial<Connectivity>): void {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.apiReachable === state.apiReachable) return;
  state = merged;
  for (const listener of listeners) listener();
}

export const connectivityStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): Connectivity => state,
};

export function reportApiReachable(reachable: boolean): void {
  set({ apiReachable: reachable });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
}
