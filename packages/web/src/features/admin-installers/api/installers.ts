import { useQuery } from '@tanstack/react-query';
import {
  deleteInstaller as deleteCall,
  downloadInstaller,
  installerList,
  releasedVersions,
  uploadInstaller as uploadCall,
} from '@edp/shared/api/console/installers.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';
import { downloadCall } from '../../../lib/download-file.ts';

export type InstallerListParams = BodyOf<typeof installerList>;
export type InstallerUploadInput = BodyOf<typeof uploadCall>;

/** The tenant's installers, newest first. */
export function useInstallerList(params: InstallerListParams) {
  return useQuery(callQuery(installerList, params));
}

/** The versions the vendor has released (never a draft or a withdrawn one). */
export function useReleasedVersions() {
  return useQuery({ ...callQuery(releasedVersions, {}, { silent: true }), staleTime: 60_000 });
}

export function useUploadInstaller() {
  return useChange(
    // A 50 MiB upload on a slow link takes longer than a form's usual wait.
    (input: InstallerUploadInput) =>
      callApi(uploadCall, input, { success: true, timeoutMs: 300_000 }),
    [installerList],
  );
}

export function useDeleteInstaller() {
  return useChange((id: string) => callApi(deleteCall, { id }, { success: true }), [installerList]);
}

/** Saves an installer under its own name (the session's X-Token goes with it). */
export function downloadInstallerFile(ownerId: string, id: string, fileName: string) {
  return downloadCall(downloadInstaller, { owner: ownerId, type: id }, fileName);
}
