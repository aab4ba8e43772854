import { lazy, Suspense, useId, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceList } from '@edp/shared/api/console/devices.calls';
import { groupList } from '@edp/shared/api/console/groups.calls';
import { LOG_RANGES, type LogRange } from '@edp/shared/contracts/log-values';
import { FOLDED_FILTERS_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { GroupTreeSelect } from '../../admin-common/components/group-tree-select.tsx';
import { useLogOptions } from '../../admin-common/components/log-labels.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import {
  CHOICES,
  isNarrowed,
  NO_LOG_FILTER,
  type LogFilter,
  type LogList,
} from '../lib/log-filter.ts';
import { DeviceSelect } from './device-select.tsx';

/** The words family and the "all" text of each choice field. */
const CHOICE_TEXTS = {
  kind: { family: 'kind', all: 'allKinds' },
  change: { family: 'action', all: 'allChanges' },
  operation: { family: 'action', all: 'allOperations' },
  outcome: { family: 'outcome', all: 'allOutcomes' },
  state: { family: 'state', all: 'allStates' },
  source: { family: 'source', all: 'allSources' },
} as const;

const LogSpanPicker = lazy(() => import('./log-span-picker.tsx'));

/**
 * A log list's filters, applied as they change (SPEC §9 time ranges, a custom span once its start
 * is chosen, group, device, the list's own choices, keyword). Group and device are offered to the
 * duties that may list them (the security operator); an auditor reads every group's events. On a
 * phone they wait behind a "Filters" button, and are drawn only once it opens.
 */
export function LogFilters({
  list,
  value,
  onChange,
  deviceName,
}: {
  list: LogList;
  value: LogFilter;
  onChange: (next: LogFilter) => void;
  /** The filtered device's name, when the rows know it. */
  deviceName?: string;
}) {
  const { t } = useTranslation('adminLogs');
  const { t: ta } = useTranslation('admin');
  const options = useLogOptions();
  const mayGroups = useMayCall(groupList);
  const mayDevices = useMayCall(deviceList);
  const [open, setOpen] = useState(false);
  // Folded on a phone: not rendered until opened (FOLDED_FILTERS_QUERY).
  const folded = useMediaQuery(FOLDED_FILTERS_QUERY) && !open;
  // "Custom" chosen but no start yet: the list stays as it was until one is.
  const [picking, setPicking] = useState(false);
  const id = useId();
  const set = (patch: Partial<LogFilter>) => onChange({ ...value, ...patch });
  const custom = value.range === 'custom' || picking;

  const setRange = (range: LogRange) => {
    if (range === 'custom') return setPicking(true);
    setPicking(false);
    set({ range, from: undefined, to: undefined });
  };
  const setSpan = (from: string, to: string | undefined) => {
    setPicking(false);
    set({ range: 'custom', from, to });
  };

  return (
    <>
      <Button
        className="log-filters-toggle"
        icon={<FilterOutlined />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {isNarrowed(value) ? t('filters.toggleActive') : t('filters.label')}
      </Button>
      <div
        id={id}
        className={open ? 'log-toolbar' : 'log-toolbar log-toolbar--folded'}
        role="group"
        aria-label={t('filters.label')}
      >
        {!folded && (
          <>
            <Select<LogRange>
              aria-label={t('range.label')}
              value={custom ? 'custom' : value.range}
              style={{ width: 150 }}
              onChange={setRange}
              options={LOG_RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
            />
            {custom && (
              <Suspense fallback={null}>
                <LogSpanPicker from={value.from} to={value.to} onChange={setSpan} />
              </Suspense>
            )}
            {mayGroups && (
              <div style={{ width: 200 }}>
                <GroupTreeSelect
                  aria-label={t('filters.group')}
                  placeholder={t('filters.allGroups')}
                  value={value.groupId ?? null}
                  onChange={(g) => set({ groupId: (g as string | null) ?? undefined })}
                />
              </div>
            )}
            {mayDevices && (
              <DeviceSelect
                label={t('filters.device')}
                placeholder={t('filters.allDevices')}
                value={value.deviceId}
                name={deviceName}
                onChange={(deviceId) => set({ deviceId })}
              />
            )}
            {Object.entries(CHOICES[list]).map(([field, values]) => {
              const texts = CHOICE_TEXTS[field as keyof typeof CHOICE_TEXTS];
              return (
                <Select<string>
                  key={field}
                  aria-label={t(`filters.${field as keyof typeof CHOICE_TEXTS}`)}
                  value={(value[field as keyof LogFilter] as string | undefined) ?? ''}
                  style={{ width: 170 }}
                  onChange={(v) => set({ [field]: v || undefined })}
                  options={[
                    { value: '', label: t(`filters.${texts.all}`) },
                    ...options(texts.family, values as readonly string[]),
                  ]}
                />
              );
            })}
            <Input.Search
              allowClear
              aria-label={t(`filters.keyword.${list}`)}
              placeholder={t(`filters.keyword.${list}`)}
              enterButton={ta('actions.search')}
              defaultValue={value.keyword}
              key={value.keyword === '' ? 'empty' : 'set'}
              onSearch={(keyword) => set({ keyword: keyword.trim() })}
              style={{ width: 300 }}
            />
            {(isNarrowed(value) || value.range !== NO_LOG_FILTER.range) && (
              <Button
                type="link"
                onClick={() => {
                  setPicking(false);
                  onChange(NO_LOG_FILTER);
                }}
              >
                {t('filters.clear')}
              </Button>
            )}
          </>
        )}
      </div>
    </>
  );
}
