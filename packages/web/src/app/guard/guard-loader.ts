import { redirect, type LoaderFunction } from 'react-router';
import { sessionStore } from '../../lib/session.ts';
import { vendorStore } from '../../lib/vendor-session.ts';
import type { Access } from '../routes/route-types.ts';
import { decideAccess } from './guard-decision.ts';

/**
 * The guard as a route loader: it runs before the page (and its lazy chunk) renders, so a
 * protected page never flashes for a signed-out visitor.
 */
export function guardLoader(access: Access): LoaderFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    const { company, user } = sessionStore.getSnapshot();
    const vendor = !!vendorStore.getSnapshot();
    const decision = decideAccess(access, { company: !!company, admin: !!user, vendor }, url);
    if (!decision.allow) throw redirect(decision.redirect);
    return null;
  };
}
