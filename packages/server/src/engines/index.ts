/** The engine context: enrolment, check-in, presence (docs/engines.md). Its public entry. */
export { newEnrolSecret, secretHash, secretHint, tokenHash } from './device-token.ts';
export { MIN_CHECK_IN_SPACING_MS, stateDigest, type EngineEnrolled } from './engine-service.ts';
export type { PresenceStore } from './presence.ts';
export type { EngineAuthCache } from './engine-auth.ts';
export {
  FLUSH_EVERY_MS,
  LAST_SEEN_REFRESH_MS,
  engineContext,
  type EngineDevice,
  type EngineContext,
} from './engine-context.ts';
export { commandJobs, type CommandQueue, type CommandsEnded } from './command-queue.ts';
export { presenceFlushJob } from './presence-flusher.ts';
