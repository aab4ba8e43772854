import { useEffect, useRef, useState } from 'react';
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
  // The same, for a second change within one event, before the page renders again.
  const newest = useRef<Asked>(undefined);
  const waiting = (a: Asked | undefined) =>
    a && a.search !== drawn && a.before.includes(drawn) ? a : undefined;
  const drawnAll = asked !== undefined && !waiting(asked);
  useEffect(() => {
    if (!drawnAll) return;
    setAsked(undefined);
    newest.current = undefined;
  }, [drawnAll]);
  const state = parse(new URLSearchParams(waiting(asked)?.search ?? drawn));

  const update = (change: Partial<S> | ((current: S) => S)) => {
    const pending = waiting(newest.current);
    const base = parse(new URLSearchParams(pending?.search ?? drawn));
    const next = typeof change === 'function' ? change(base) : { ...base, ...change };
    const search = serialize(next).toString();
    newest.current = {
      search,
      before: pending ? [...pending.before, pending.search] : [drawn],
    };
    setAsked(newest.current);
    setParams(search, { replace: true });
  };
  return { state, update };
}
