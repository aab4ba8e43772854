import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { NavigationProgress } from './navigation-progress.tsx';
import { OfflineNotice } from './offline-notice.tsx';

// The title can follow a moment later; loading it apart keeps react-query's observer code
// (useQuery) off the first load of /login. index.html already carries the default title.
const DocumentTitle = lazy(() => import('./document-title.tsx'));

/** The root route: app-wide effects around every layout. */
export function RootShell() {
  // The title's code and its call to the server start once the first page is on screen, so
  // that they do not compete with it for the network and the main thread.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return (
    <>
      <NavigationProgress />
      {shown && (
        <Suspense fallback={null}>
          <DocumentTitle />
        </Suspense>
      )}
      <OfflineNotice />
      <Outlet />
    </>
  );
}
