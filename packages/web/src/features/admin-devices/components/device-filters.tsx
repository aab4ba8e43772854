import { useId, useState } from 'react';
import { Button, Input, Select, Switch } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import { FOLDED_FILTERS_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { NO_FILTER, isFiltered, type DeviceFilterState } from '../lib/device-filter.ts';
import {
  INSTALL_VALUES,
  ORDERS,
  PRESENCE_VALUES,
  SORTS,
  type DeviceSort,
  type SortOrder,
} from '../lib/device-enums.ts';

interface DeviceFiltersProps {
  value: DeviceFilterState;
  onChange: (next: DeviceFilterState) => void;
  sort: DeviceSort;
  order: SortOrder;
  onSort: (sort: DeviceSort, order: SortOrder) => void;
}

/** A filter that is on or off, named by its label; off sends nothing (`undefined`). */
function FlagSwitch({
  label,
  on,
  onChange,
}: {
  label: string;
  on: boolean;
  onChange: (on: true | undefined) => void;
}) {
  return (
    <label className="device-presence">
      <Switch size="small" checked={on} onChange={(next) => onChange(next || undefined)} />
      {label}
    </label>
  );
}

/**
 * The device list's filters and order, above the table (a wrapping toolbar). On a phone they
 * wait behind a "Filters" button (admin-devices.css), so the first devices show on the first
 * screen, and are drawn only once it opens.
 */
export function DeviceFilters({ value, onChange, sort, order, onSort }: DeviceFiltersProps) {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  // Folded on a phone: not rendered until opened (FOLDED_FILTERS_QUERY).
  const folded = useMediaQuery(FOLDED_FILTERS_QUERY) && !open;
  const id = useId();
  const set = (patch: Partial<DeviceFilterState>) => onChange({ ...value, ...patch });
  return (
    <>
      <Button
        className="device-filters-toggle"
        icon={<FilterOutlined />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {isFiltered(value) ? t('filters.toggleActive') : t('filters.label')}
      </Button>
      <div
        id={id}
        className={open ? 'device-toolbar' : 'device-toolbar device-toolbar--folded'}
        role="group"
        aria-label={t('filters.label')}
      >
        {!folded && (
          <>
            <div style={{ width: 220 }}>
              <GroupTreeSelect
                aria-label={t('filters.group')}
                placeholder={t('filters.allGroups')}
                value={value.groupId ?? null}
                onChange={(groupId) => set({ groupId: (groupId as string | null) ?? undefined })}
              />
            </div>
            <label className="device-presence">
              <Switch
                size="small"
                checked={value.subgroups}
                disabled={!value.groupId}
                onChange={(subgroups) => set({ subgroups })}
              />
              {t('filters.subgroups')}
            </label>
            <Select<EngineKind | ''>
              aria-label={t('filters.kind')}
              value={value.kind ?? ''}
              style={{ width: 160 }}
              onChange={(kind) => set({ kind: kind || undefined })}
              options={[
                { value: '', label: t('filters.allKinds') },
                ...ENGINE_KINDS.map((k) => ({ value: k, label: k })),
              ]}
            />
            <Select<string>
              aria-label={t('filters.presence')}
              value={value.presence ?? ''}
              style={{ width: 150 }}
              onChange={(p) => set({ presence: (p || undefined) as DeviceFilterState['presence'] })}
              options={[
                { value: '', label: t('filters.allPresences') },
                ...PRESENCE_VALUES.map((p) => ({ value: p, label: t(`presence.${p}`) })),
              ]}
            />
            <Select<string>
              aria-label={t('filters.install')}
              value={value.install ?? ''}
              style={{ width: 160 }}
              onChange={(i) => set({ install: (i || undefined) as DeviceFilterState['install'] })}
              options={[
                { value: '', label: t('filters.allInstalls') },
                ...INSTALL_VALUES.map((i) => ({ value: i, label: t(`install.${i}`) })),
              ]}
            />
            <FlagSwitch
              label={t('overview.expiring')}
              on={!!value.expiring}
              onChange={(expiring) => set({ expiring })}
            />
            <FlagSwitch
              label={t('filters.outdated')}
              on={!!value.outdated}
              onChange={(outdated) => set({ outdated })}
            />
            <Input.Search
              allowClear
              aria-label={t('filters.keyword')}
              placeholder={t('filters.keyword')}
              enterButton={ta('actions.search')}
              defaultValue={value.keyword}
              key={value.keyword === '' ? 'empty' : 'set'}
              onSearch={(keyword) => set({ keyword: keyword.trim() })}
              style={{ width: 280 }}
            />
            <Select<DeviceSort>
              aria-label={t('filters.sort')}
              value={sort}
              style={{ width: 170 }}
              onChange={(s) => onSort(s, order)}
              options={SORTS.map((s) => ({ value: s, label: t(`filters.sorts.${s}`) }))}
            />
            <Select<SortOrder>
              aria-label={t('filters.order')}
              value={order}
              style={{ width: 120 }}
              onChange={(o) => onSort(sort, o)}
              options={ORDERS.map((o) => ({
                value: o,
                label: t(`filters.orders.${o}`),
              }))}
            />
            {isFiltered(value) && (
              <Button type="link" onClick={() => onChange(NO_FILTER)}>
                {t('filters.clear')}
              </Button>
            )}
          </>
        )}
      </div>
    </>
  );
}
