/**
 * The console's store: every console table's SQL, one repository per table or family of tables.
 * The bottom of the console's layers (docs/architecture.md §4): it imports only the platform, and
 * the console's modules above it read and write through it.
 */
export * from './audit-repository.ts';
export * from './device-activity-repository.ts';
export * from './device-repository.ts';
export * from './enrol-secret-repository.ts';
export * from './group-repository.ts';
export * from './installer-repository.ts';
export * from './login-code-repository.ts';
export * from './proxy-repository.ts';
export * from './role-repository.ts';
export * from './tenant-repository.ts';
export * from './user-repository.ts';
export * from './device-type.ts';
export * from './task-repository.ts';
export * from './ack-repository.ts';
export * from './licence-repository.ts';
export * from './log-repository.ts';
export * from './alert-repository.ts';
export * from './log-settings-repository.ts';
export * from './log-retention-repository.ts';
export * from './log-count-repository.ts';
export * from './notify-repository.ts';
export * from './warning-repository.ts';
export * from './report-repository.ts';
