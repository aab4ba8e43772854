import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authorisedPrograms,
  authoriseProgram,
  revokeProgram,
  viewFolder,
  viewProgram,
  watchEngine,
} from '@edp/shared/api/console/sync.calls';
import { taskLogs } from '@edp/shared/api/console/tasks.calls';
import type { DataOf } from '@edp/shared/api/define';
import { callApi, callKey } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/**
 * Synchronous commands to one device's engine (issue 23, docs/commands.md): the console waits
 * up to 15 s for the engine. All silent: the screen shows an offline device (-10120), a missed
 * answer (-10121) or the engine's refusal where the answer would be, not as a toast. Each is a
 * command (and an audit entry), so none is asked again by itself: no retry, no refetch.
 */
const once = { retry: false, staleTime: Infinity, refetchOnMount: false } as const;

/** A folder's entries on the device. */
export function useFolder(deviceId: string, path: string, enabled = true) {
  return useQuery({
    ...callQuery(viewFolder, { deviceId, path }, { silent: true }),
    ...once,
    gcTime: 60_000,
    enabled,
  });
}

/** The programs the engine lets use protected data; read when `enabled`. */
export function useAuthorisedPrograms(deviceId: string, enabled: boolean) {
  return useQuery({
    ...callQuery(authorisedPrograms, { deviceId }, { silent: true }),
    ...once,
    placeholderData: undefined,
    enabled,
  });
}

/**
 * The engine's protected folders as it answers now (`engine.watch`), read once for each set of
 * folder commands that ended (`ended`, their ids) while its check-in report still disagrees: the
 * folder tab shows the outcome at once instead of "not reported yet" until the next check-in.
 */
export function useWatchedProtection(deviceId: string, ended: string, enabled: boolean) {
  return useQuery({
    queryKey: [...callKey(watchEngine, { deviceId }), ended],
    queryFn: ({ signal }) => callApi(watchEngine, { deviceId }, { silent: true, signal }),
    ...once,
    enabled,
  });
}

/** One program file as the engine reads it: size, SHA-256, whether it is authorised. */
export function readProgram(deviceId: string, path: string) {
  return callApi(viewProgram, { deviceId, path }, { silent: true });
}

type ProgramList = DataOf<typeof authorisedPrograms>;

/**
 * Authorise or withdraw a program; a list already read is changed in place from the engine's
 * answer rather than read again (another command to the engine). None read yet: nothing is
 * made up from the one program (it would look like the whole list); the screen reads it.
 */
export function useAuthorise(deviceId: string) {
  const client = useQueryClient();
  return useChange(
    async (path: string) => {
      const added = await callApi(authoriseProgram, { deviceId, path }, { silent: true });
      client.setQueryData<ProgramList>(
        callKey(authorisedPrograms, { deviceId }),
        (old) => old && { programs: [...old.programs.filter((p) => p.path !== added.path), added] },
      );
      return added;
    },
    [taskLogs],
  );
}

export function useRevoke(deviceId: string) {
  const client = useQueryClient();
  return useChange(
    async (path: string) => {
      const gone = await callApi(revokeProgram, { deviceId, path }, { silent: true });
      client.setQueryData<ProgramList>(callKey(authorisedPrograms, { deviceId }), (old) =>
        old ? { programs: old.programs.filter((p) => p.path !== gone.path) } : old,
      );
      return gone;
    },
    [taskLogs],
  );
}
