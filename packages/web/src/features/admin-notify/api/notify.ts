import { useQuery } from '@tanstack/react-query';
import {
  setSmsSettings,
  setWarnSettings,
  smsSettings,
  testSms,
  testWarning,
  warnDeliveries,
  warnSettings,
} from '@edp/shared/api/console/notify.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/** The SMS gateway, its secrets by their hints. */
export function useSmsSettings() {
  return useQuery(callQuery(smsSettings));
}

export function useSaveSms() {
  return useChange(
    (body: BodyOf<typeof setSmsSettings>) => callApi(setSmsSettings, body, { success: true }),
    [smsSettings],
  );
}

export function useTestSms() {
  return useChange((body: BodyOf<typeof testSms>) => callApi(testSms, body, { success: true }), []);
}

export function useWarnSettings() {
  return useQuery(callQuery(warnSettings));
}

export function useSaveWarn() {
  return useChange(
    (body: BodyOf<typeof setWarnSettings>) => callApi(setWarnSettings, body, { success: true }),
    [warnSettings],
  );
}

export function useTestWarning() {
  return useChange(() => callApi(testWarning, {}, { success: true }), [warnDeliveries]);
}

/** The delivery log, newest first; refreshed while a message waits for a retry. */
export function useDeliveries(params: BodyOf<typeof warnDeliveries>) {
  return useQuery({
    ...callQuery(warnDeliveries, params),
    refetchInterval: (q) =>
      q.state.data?.list.some((d) => d.status === 'pending') ? 3_000 : false,
  });
}
