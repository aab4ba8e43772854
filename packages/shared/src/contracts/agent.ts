import { z } from 'zod';
import { ENROL_SECRET_PATTERN } from '../constants.ts';
import { rule } from './field-rules.ts';
import { ZEngineIdentity, ZEngineState } from './engine.ts';

/**
 * The engine protocol under /api/agent (docs/engines.md). Engines authenticate with an
 * enrolment secret once, then with their device token (`Authorization: Bearer …`); they never
 * use user sessions, cookies, captchas or Accept-Language.
 */

export { ENROL_SECRET_PATTERN };
export const ZEnrolSecret = z
  .string()
  .max(64, rule('enrolSecret'))
  .regex(ENROL_SECRET_PATTERN, rule('enrolSecret'));

export const ZEnrolRequest = z.object({
  secret: ZEnrolSecret,
  identity: ZEngineIdentity,
  state: ZEngineState,
});

export const ZEnrolAnswer = z.object({
  deviceId: z.string(),
  /** Shown once: the server keeps only its hash. */
  token: z.string(),
  /** Seconds until the first check-in (before jitter). */
  interval: z.number().int(),
});
export type TEnrolAnswer = z.infer<typeof ZEnrolAnswer>;

export const ZCheckInRequest = z.object({ state: ZEngineState });

/** A command for the engine (the next issue fills these; the shape is fixed now). */
export const ZEngineCommand = z.object({
  id: z.string(),
  type: z.string(),
  args: z.record(z.string(), z.unknown()),
});
export type TEngineCommand = z.infer<typeof ZEngineCommand>;

export const ZCheckInAnswer = z.object({
  /** Seconds until the next check-in (before jitter). */
  interval: z.number().int(),
  /** The server's clock (ms), so an engine can tell how far its own is off. */
  now: z.number().int(),
  commands: z.array(ZEngineCommand),
});
export type TCheckInAnswer = z.infer<typeof ZCheckInAnswer>;

/**
 * The reference engine as the console serves it (GET /api/agent/engine): one file that needs
 * only Node 20, built by `npm run build` (docs/engines-agent.md, "Getting the engine").
 */
export const ZEngineFile = z.object({
  /** The name the commands save it under. */
  fileName: z.string(),
  size: z.number().int(),
  /** Lower-case hex: what the commands check the download against. */
  sha256: z.string(),
  /** When this server's copy was built. */
  builtAt: z.string(),
});
export type TEngineFile = z.infer<typeof ZEngineFile>;
