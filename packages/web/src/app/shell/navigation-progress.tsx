import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import type NProgress from 'nprogress';
import 'nprogress/nprogress.css';

type NProgressApi = typeof NProgress;
let loaded: Promise<NProgressApi> | undefined;

/**
 * nprogress is fetched when the first navigation starts (and is precached by the service
 * worker), so it weighs nothing on the first load of a page.
 */
function nprogress(): Promise<NProgressApi> {
  loaded ??= import('nprogress').then((m) => {
    // The stock template uses role="bar", which is not an ARIA role (axe: critical).
    m.default.configure({
      showSpinner: false,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return m.default;
  });
  return loaded;
}

/** The progress bar while a navigation loads its guard and lazy page chunk (docs/product.md §2). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) void nprogress().then((bar) => bar.start());
    else void loaded?.then((bar) => bar.done());
  }, [busy]);
  return null;
}

/**
 * Shown while the very first route loads, before the router renders anything: a CSS-only bar
 * (nprogress is not loaded yet at that point).
 */
export function InitialProgress() {
  return <div className="boot-progress" role="progressbar" aria-label="Loading" />;
}
