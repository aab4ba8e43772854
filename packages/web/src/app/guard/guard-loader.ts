import { redirect, type LoaderFunction } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { sessionStore } from '../../lib/session.ts';
import { vendorStore } from '../../lib/vendor-session.ts';
import type { Access, AppRoute } from '../routes/route-types.ts';
import { decideAccess } from './guard-decision.ts';

/**
 * The guard as a route loader: it runs before the page (and its lazy chunk) renders, so a
 * protected page never flashes for a signed-out visitor. A visitor let in starts the page's
 * prefetch, unawaited: the page renders as soon as its code is there.
 */
export function guardLoader(access: Access, prefetch?: AppRoute['prefetch']): LoaderFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    const { company, user } = sessionStore.getSnapshot();
    const vendor = !!vendorStore.getSnapshot();
    const decision = decideAccess(access, { company: !!company, admin: !!user, vendor }, url);
    if (!decision.allow) throw redirect(decision.redirect);
    // A failed prefetch is the page's own query's to show (it asks again): nothing here.
    prefetch?.(queryClient, url).catch(() => undefined);
    return null;
  };
}
