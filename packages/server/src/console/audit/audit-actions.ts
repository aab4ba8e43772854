import type { Call } from '@edp/shared/api/define';
import {
  bindPhoneBeforeLogin,
  consoleLogin,
  resetExpiredPassword,
  tokenLogin,
} from '@edp/shared/api/console/login.calls';
import { setupTenant } from '@edp/shared/api/console/setup.calls';
import { enrol } from '@edp/shared/api/engine/agent.calls';
import {
  activateTenant,
  editTenant,
  ownerUserPassword,
} from '@edp/shared/api/portal/tenants.calls';
import { CALLS, callAt } from '@edp/shared/api/registry';
import type { Locale } from '@edp/shared/errors';

/**
 * An entry's action is the path of the call that made it; its label, in both languages, is the
 * call's own (`label` beside the declaration). Console calls are audited when they change
 * something or are refused; these others write the tenant's log too, outside a console session
 * (an engine's enrolment among them).
 */
const AUDITED_ELSEWHERE: readonly Call[] = [
  consoleLogin,
  tokenLogin,
  resetExpiredPassword,
  bindPhoneBeforeLogin,
  setupTenant,
  activateTenant,
  editTenant,
  ownerUserPassword,
  enrol,
];

/** Every action the log may hold, in the order the action filter offers them. */
export const AUDITED_CALLS: readonly Call[] = [
  ...AUDITED_ELSEWHERE,
  ...Object.values(CALLS as Record<string, Call>).filter(
    (c) => c.access.who === 'console' && !AUDITED_ELSEWHERE.includes(c),
  ),
];

/**
 * What an action reads as. Every action written today is a call's path; one of a call since
 * removed reads as written rather than not at all.
 */
export function actionLabel(action: string, locale: Locale): string {
  return callAt(action)?.label[locale] ?? action;
}

/** The action filter's choices: the raw action to filter by, and its label. */
export function auditActions(locale: Locale) {
  return AUDITED_CALLS.map((c) => ({ action: c.path, label: c.label[locale] }));
}
