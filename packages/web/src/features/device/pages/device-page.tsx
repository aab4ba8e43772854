import { useState } from 'react';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_RANGE, ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useDevices } from '../api/get-devices.ts';
import { DeviceCounters } from '../components/device-counters.tsx';
import { DeviceTable } from '../components/device-table.tsx';
import '../components/device-texts.ts';

/** My engine (docs/product.md §2 /device): counters per type, search, filters and the engine list. */
export default function DevicePage() {
  const { t } = useTranslation('device');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<EngineKind>();
  const [type, setType] = useState<number>();
  const query = useDevices({ ...paging.params, keyword: keyword.trim(), kind, type });

  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.reset();
    };

  return (
    <PageContainer title={tm('device')}>
      <DeviceCounters
        counts={query.data?.counts}
        loading={query.isPending}
        active={type}
        onSelect={filterBy(setType)}
      />
      <div className="toolbar" role="search">
        <Input.Search
          aria-label={t('keyword')}
          placeholder={t('keyword')}
          allowClear
          enterButton={tp('actions.search')}
          style={{ maxWidth: 360 }}
          onSearch={filterBy(setKeyword)}
        />
        <Select<EngineKind | 'all'>
          aria-label={t('kindFilter')}
          value={kind ?? 'all'}
          style={{ minWidth: 150 }}
          onChange={(value) => filterBy(setKind)(value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('allKinds') },
            ...ENGINE_KINDS.map((k) => ({ value: k, label: `${k} · ${tp(`kinds.${k}`)}` })),
          ]}
        />
        <Select<number | 'all'>
          aria-label={t('typeFilter')}
          value={type ?? 'all'}
          style={{ minWidth: 150 }}
          onChange={(value) => filterBy(setType)(value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('allTypes') },
            ...DEVICE_TYPE_RANGE.map((v) => ({ value: v, label: t(`counters.${v}`) })),
          ]}
        />
      </div>
      <DeviceTable
        engines={query.data?.list}
        loading={query.isFetching}
        pagination={paging.pagination(query.data?.total)}
      />
    </PageContainer>
  );
}
