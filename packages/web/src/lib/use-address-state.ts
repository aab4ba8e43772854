import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** An address asked for and not drawn yet, and the addresses drawn or asked for before it. */
interface Asked {
  search: string;
  before: readonly string[];
}

/**
 * A page's state kept in its address (`?q=…&page=2`), so that Back, a reload or a shared link
 * shows the same. A change (a patch, or the next state from the current one) replaces the history
 * entry: Back leaves the page rather than stepping through every filter.
 *
 * React Router draws a navigation in a transition, which a busy page holds back. A change built
 * on the drawn address would then drop a change the user made just before it (a search, then a
 * second filter). So until the router has drawn it, the newest address asked for here is the
 * state the page shows and the base of the next change; an address not asked for here (a link,
 * Back) ends that at once.
 */
export function useAddressState<S extends object>(
  parse: (params: URLSearchParams) => S,
  serialize: (state: S) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const drawn = params.toString();
  const [asked, setAsked] = useState<Asked>();
  // Asked for and not drawn yet: the router drew neither it nor an address not asked for here.
  const pending =
    asked && asked.search !== drawn && asked.before.includes(drawn) ? asked : undefined;
  const settled = asked !== undefined && !pending;
  useEffect(() => {
    if (settled) setAsked(undefined);
  }, [settled]);
  const state = parse(new URLSearchParams(pending?.search ?? drawn));

  const update = (change: Partial<S> | ((current: S) => S)) => {
    const next = typeof change === 'function' ? change(state) : { ...state, ...change };
    const search = serialize(next).toString();
    setAsked({ search, before: pending ? [...pending.before, pending.search] : [drawn] });
    setParams(search, { replace: true });
  };
  return { state, update };
}
