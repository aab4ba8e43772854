import type { EngineKind } from '@edp/shared/constants';
import type { deviceList } from '@edp/shared/api/console/devices.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { InstallState, Presence } from '@edp/shared/contracts/engine';

/** What the device list's filter bar holds (empty values: no filter). */
export interface DeviceFilterState {
  groupId?: string;
  subgroups: boolean;
  type?: number;
  kind?: EngineKind;
  presence?: Presence;
  install?: InstallState;
  keyword: string;
  /** Only licences ending within 30 days (the home's figure leads here). */
  expiring?: boolean;
  /** Only engines older than the newest version of their kind (docs/commands.md). */
  outdated?: boolean;
}

/** A device filter as sent: the list's body without its paging and order. */
export type DeviceFilter = Omit<BodyOf<typeof deviceList>, 'page' | 'pageSize' | 'sort' | 'order'>;

export const NO_FILTER: DeviceFilterState = { subgroups: true, keyword: '' };

/**
 * The filter as the list and the bulk actions send it: only what is set, so "all that match
 * this filter" names exactly what the list shows (`subgroups` only matters with a group).
 */
export function filterOf(state: DeviceFilterState): DeviceFilter {
  const keyword = state.keyword.trim();
  return {
    ...(state.groupId ? { groupId: state.groupId, subgroups: state.subgroups } : {}),
    ...(state.type !== undefined ? { type: state.type } : {}),
    ...(state.kind ? { kind: state.kind } : {}),
    ...(state.presence ? { presence: state.presence } : {}),
    ...(state.install ? { install: state.install } : {}),
    ...(keyword ? { keyword } : {}),
    ...(state.expiring ? { expiring: true } : {}),
    ...(state.outdated ? { outdated: true } : {}),
  };
}

/** Whether anything narrows the list (its empty text then says "nothing matches"). */
export function isFiltered(state: DeviceFilterState): boolean {
  const { subgroups: _subgroups, ...rest } = filterOf(state);
  return Object.keys(rest).length > 0;
}
