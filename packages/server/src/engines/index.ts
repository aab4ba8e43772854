/** The engine context: enrolment, check-in, presence (docs/engines.md). Its public entry. */
export { newEnrolSecret, secretHash, secretHint, tokenHash } from './device-token.ts';
export { MIN_CHECK_IN_SPACING_MS, stateDigest } from './engine-service.ts';
export type { PresenceStore } from './presence.ts';
export type { EngineAuthCache } from './engine-auth.ts';
export {
  FLUSH_EVERY_MS,
  LAST_SEEN_REFRESH_MS,
  engineContext,
  type EngineContext,
} from './engine-context.ts';
export type {
  ActivityRow,
  CommandsEnded,
  DeviceAuth,
  EngineDevice,
  EngineEnrolled,
  EngineEvents,
  Enrolled,
  Enrolling,
  InstalledLicence,
  LicenceChange,
  MovedCommand,
  OpenCommand,
  Proof,
  Reproving,
  ResultRow,
  SecretOwner,
} from './engine-events.ts';
export { commandJobs, type CommandQueue } from './command-queue.ts';
export { presenceFlushJob } from './presence-flusher.ts';
