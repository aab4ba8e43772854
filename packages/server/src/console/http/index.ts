/** The public entry of this module: other modules import only from here. */
export * from './console-guard.ts';
export * from './login.ts';
export * from './tenants.ts';
export * from './users.ts';
export * from './devices.ts';
export * from './installers.ts';
export * from './tasks.ts';
export * from './licences.ts';
export * from './vendor-tenants.ts';
export * from './elevation.ts';
export * from './logs.ts';
export * from './overview.ts';
export * from './notify.ts';
export * from './reports.ts';
export * from './keys.ts';
export * from './key-incidents.ts';
