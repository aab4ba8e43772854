import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ackCheck,
  ackGetSettings,
  ackReviewList,
  ackSetSettings,
  adjustWindow,
  askElevation,
  askLearning,
  authoriseLearned,
  endLearning,
  learnedPrograms,
  myAckList,
  withdrawAck,
} from '@edp/shared/api/console/ack.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi, callKey } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/**
 * Elevation and learning mode under review (issue 24, docs/elevation.md): the reviewer's list
 * and decision, the asker's requests and their running windows. The calls that reach the engine
 * (adjust, offLm, learned programs) are silent: the screen shows their failure in place.
 */
export type ReviewListParams = BodyOf<typeof ackReviewList>;
export type MineParams = BodyOf<typeof myAckList>;

/**
 * Asks again while a row waits: for review every 3 s, for its engine (delivered within a second
 * or two over the push stream) every second.
 */
const REVIEW_MS = 3_000;
const ENGINE_MS = 1_000;

export function useReviewList(params: ReviewListParams) {
  return useQuery({ ...callQuery(ackReviewList, params, { silent: true }) });
}

export function useReviewSettings(enabled: boolean) {
  return useQuery({ ...callQuery(ackGetSettings, {}), enabled });
}

export function useSaveSettings() {
  return useChange(
    (s: BodyOf<typeof ackSetSettings>) => callApi(ackSetSettings, s),
    [ackGetSettings],
  );
}

export function useCheck() {
  return useChange((b: BodyOf<typeof ackCheck>) => callApi(ackCheck, b), [ackReviewList]);
}

export function useMine(params: MineParams, enabled = true) {
  return useQuery({
    ...callQuery(myAckList, params, { silent: true }),
    enabled,
    refetchInterval: (q) => {
      const list = q.state.data?.list ?? [];
      if (list.some((r) => r.phase === 'approved')) return ENGINE_MS;
      return list.some((r) => r.phase === 'pending') ? REVIEW_MS : false;
    },
  });
}

export function useAsk(kind: 'elevation' | 'learning') {
  return useChange(
    (b: BodyOf<typeof askElevation>) =>
      callApi(kind === 'elevation' ? askElevation : askLearning, b),
    [myAckList],
  );
}

/** Withdraws a pending request; a refusal (reviewed meanwhile) is shown by the HTTP client. */
export function useWithdraw() {
  return useChange((id: string) => callApi(withdrawAck, { id }), [myAckList, ackReviewList]);
}

export function useAdjust() {
  return useChange(
    (b: BodyOf<typeof adjustWindow>) => callApi(adjustWindow, b, { silent: true }),
    [myAckList],
  );
}

export function useEndLearning() {
  return useChange((id: string) => callApi(endLearning, { id }, { silent: true }), [myAckList]);
}

/** What learning mode recorded, read on request only (each read is a command). */
export function useLearned(deviceId: string, enabled: boolean) {
  return useQuery({
    ...callQuery(learnedPrograms, { deviceId }, { silent: true }),
    retry: false,
    staleTime: Infinity,
    refetchOnMount: false,
    placeholderData: undefined,
    enabled,
  });
}

export function useAuthoriseLearned(deviceId: string) {
  const client = useQueryClient();
  return useChange(async (paths: string[]) => {
    const done = await callApi(authoriseLearned, { deviceId, paths }, { silent: true });
    // The list shows what is authorised now without another command to the engine.
    const ok = new Set(done.authorised.map((p) => p.path));
    client.setQueryData(callKey(learnedPrograms, { deviceId }), (old: unknown) => {
      const list = old as
        { learning: unknown; programs: { path: string; authorised: boolean }[] } | undefined;
      return list
        ? {
            ...list,
            programs: list.programs.map((p) => (ok.has(p.path) ? { ...p, authorised: true } : p)),
          }
        : old;
    });
    return done;
  });
}
