import { useQuery } from '@tanstack/react-query';
import {
  deleteVersion as deleteCall,
  moveVersion as moveCall,
  saveVersion as saveCall,
  versionList,
  versionUsers,
} from '@edp/shared/api/portal/versions.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

export type VersionFilter = BodyOf<typeof versionList>;
export type VersionRow = DataOf<typeof versionList>['list'][number];
type WithText<T> = T & { successText: string };

export function useVersions(filter: VersionFilter) {
  return useQuery(
    callQuery(versionList, { ...filter, keyword: filter.keyword || undefined }, { silent: true }),
  );
}

/** The customers whose running engines report a version; read while its drawer is open. */
export function useVersionUsers(id: string | undefined) {
  return useQuery({ ...callQuery(versionUsers, { id: id ?? '' }), enabled: !!id });
}

const saveVersion = ({ successText, ...body }: WithText<BodyOf<typeof saveCall>>) =>
  callApi(saveCall, body, { success: successText });
const moveVersion = ({ successText, ...body }: WithText<BodyOf<typeof moveCall>>) =>
  callApi(moveCall, body, { success: successText });
const deleteVersion = ({ successText, ...body }: WithText<BodyOf<typeof deleteCall>>) =>
  callApi(deleteCall, body, { success: successText });

export const useSaveVersion = () => useChange(saveVersion, [versionList]);
export const useMoveVersion = () => useChange(moveVersion, [versionList]);
export const useDeleteVersion = () => useChange(deleteVersion, [versionList]);
