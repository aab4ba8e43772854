import {
  ZCheckInAnswer,
  ZCheckInRequest,
  ZEnrolAnswer,
  ZEnrolRequest,
} from '../../contracts/agent.ts';
import { call, publicAccess } from '../define.ts';

/** The engine protocol under /agent (docs/engines.md). */
const tag = 'agent';

export const enrol = call({
  method: 'POST',
  path: '/agent/enrol',
  // The secret is the credential (192 random bits); engines hold no session.
  access: publicAccess,
  tag,
  summary: 'Enrol an engine with its group enrolment secret; answers its device id and token',
  label: { 'zh-CN': '引擎注册', 'en-US': 'Engine enrolment' },
  body: ZEnrolRequest,
  data: ZEnrolAnswer,
  // A whole site enrolling behind one address must not be refused, and guessing a 192-bit
  // secret is hopeless: no per-address limit.
  rateLimit: 'none',
});

export const checkIn = call({
  method: 'POST',
  path: '/agent/checkin',
  access: { who: 'engine' },
  tag,
  summary: "An engine's periodic check-in with its state; answers the next interval and commands",
  label: { 'zh-CN': '引擎签到', 'en-US': 'Engine check-in' },
  body: ZCheckInRequest,
  data: ZCheckInAnswer,
  // Counted per device by the engine guard instead (docs/engines.md "Limits").
  rateLimit: 'none',
});
