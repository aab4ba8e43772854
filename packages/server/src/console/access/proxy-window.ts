/**
 * A proxy lets its user act with the role from `startAt` (inclusive) until `endAt`
 * (exclusive). The one statement of that rule: the actor, the proxy list and the repository
 * (which keeps proxies whose end is still ahead) follow it.
 */
export interface ProxyWindow {
  startAt: Date;
  endAt: Date;
}

/** The proxy is open at `now` (ms). */
export function proxyOpen(p: ProxyWindow, now: number): boolean {
  return p.startAt.getTime() <= now && now < p.endAt.getTime();
}

/** When a proxy that has not ended next opens or closes (ms). */
export function proxyNextEdge(p: ProxyWindow, now: number): number {
  return p.startAt.getTime() > now ? p.startAt.getTime() : p.endAt.getTime();
}
