import type { APIRequestContext } from '@playwright/test';
import { api, apiLogin, uniq, type ConsoleAccounts } from './admin.ts';

/**
 * A new group made by the system administrator and its enrolment secret made by the security
 * operator, through the API (seeding, not what a test checks); with both sessions.
 */
export async function groupWithSecret(request: APIRequestContext, accounts: ConsoleAccounts) {
  const admin = await apiLogin(request, accounts.admin);
  const group = uniq('plant');
  const { id: groupId } = await api<{ id: string }>(request, admin, '/user/group/add', {
    name: group,
  });
  const operator = await apiLogin(request, accounts.operator);
  const { secret } = await api<{ secret: string }>(request, operator, '/dv/m/secret/rotate', {
    groupId,
  });
  return { group, groupId, secret, admin, operator };
}
