/** The engine protocol's HTTP side: its guard and routes. */
export * from './agent-routes.ts';
export * from './engine-guard.ts';
