import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionSnapshot } from './session.ts';

/** The current session; re-renders on sign-in, sign-out and changes from other tabs. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}
