/** The public entry of this module: other modules import only from here. */
export { loadActor, type Actor, type Caller } from './actor.ts';
export { administersUsers, refuseAdminsWithoutEmail } from './admin-email.ts';
export { CONSOLE_CACHE_MS, consoleCache, type ConsoleCache } from './console-cache.ts';
export { canSee, visibleGroupIds } from './group-scope.ts';
export { proxyNextEdge, proxyOpen } from './proxy-window.ts';
export { userInfoOf } from './user-info.ts';
