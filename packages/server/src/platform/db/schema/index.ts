// The schema drizzle-kit reads to generate migrations; every table file is listed here.
export * from './sessions.ts';
export * from './tenants.ts';
export * from './security.ts';
export * from './portal.ts';
export * from './console.ts';
export * from './devices.ts';
export * from './installers.ts';
export * from './commands.ts';
export * from './elevation.ts';
export * from './licences.ts';
export * from './logs.ts';
export * from './log-retention.ts';
export * from './log-counts.ts';
export * from './notify.ts';
export * from './reports.ts';
export * from './keys.ts';
