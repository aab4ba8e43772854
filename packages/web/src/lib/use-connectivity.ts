import { useSyncExternalStore } from 'react';
import { connectivityStore, type Connectivity } from './connectivity.ts';

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(connectivityStore.subscribe, connectivityStore.getSnapshot);
}
