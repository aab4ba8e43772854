import { useQuery } from '@tanstack/react-query';
import {
  accessLog,
  alertHandlePreview,
  alertList,
  handleAlerts,
  logRules,
  monitorLog,
  setLogRules,
} from '@edp/shared/api/console/logs.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/**
 * The logs' calls (docs/logs.md). The lists are silent: a refused filter (a custom span that
 * ends before it starts, a group since removed) shows in place with its reason and a retry
 * (ListPage's `loadFailed`) instead of a toast per page.
 */
export const useMonitorLog = (body: BodyOf<typeof monitorLog>) =>
  useQuery(callQuery(monitorLog, body, { silent: true }));

export const useAccessLog = (body: BodyOf<typeof accessLog>) =>
  useQuery(callQuery(accessLog, body, { silent: true }));

export const useAlertList = (body: BodyOf<typeof alertList>) =>
  useQuery(callQuery(alertList, body, { silent: true }));

/** How many alerts a filter would change, and the first ten (a refusal is toasted). */
export const previewAlerts = (body: BodyOf<typeof alertHandlePreview>) =>
  callApi(alertHandlePreview, body);

/** Marks alerts seen or handled, by id or by the previewed filter; the list reads again. */
export const useHandleAlerts = () =>
  useChange((body: BodyOf<typeof handleAlerts>) => callApi(handleAlerts, body), [alertList]);

export const useLogRules = () => useQuery(callQuery(logRules, {}));

export const useSetLogRules = () =>
  useChange((body: BodyOf<typeof setLogRules>) => callApi(setLogRules, body), [logRules]);
