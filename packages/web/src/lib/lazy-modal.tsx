import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ModalApi } from './modal-host.tsx';

const ModalHost = lazy(() => import('./modal-host.tsx'));

function deferred() {
  let resolve!: (api: ModalApi) => void;
  const promise = new Promise<ModalApi>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * antd's `Modal.useModal`, with the dialogs' code loaded when a dialog is first asked for, not
 * with the page: a list whose actions confirm first (the device centre's bulk actions) shows its
 * rows without it. `dialogs()` resolves with useModal's API once its code is in; call it as the
 * action starts, beside the request that comes before the question, so that both load at once.
 * `holder` must be rendered, as useModal's: the dialogs live in it, under the app's providers.
 */
export function useLazyModal(): [dialogs: () => Promise<ModalApi>, holder: ReactNode] {
  const [ready] = useState(deferred);
  const [wanted, setWanted] = useState(false);
  const dialogs = useCallback(() => {
    setWanted(true);
    return ready.promise;
  }, [ready]);
  const holder = wanted ? (
    <Suspense fallback={null}>
      <ModalHost onReady={ready.resolve} />
    </Suspense>
  ) : null;
  return [dialogs, holder];
}
