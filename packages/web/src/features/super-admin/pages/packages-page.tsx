import { useState } from 'react';
import { Button, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TPackage } from '@edp/shared/contracts/vendor';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { usePackages } from '../api/get-packages.ts';
import { CodesModal } from '../components/codes-modal.tsx';
import { PackageEditModal } from '../components/package-edit-modal.tsx';
import { PackageTable } from '../components/package-table.tsx';
import '../components/vendor-texts.ts';

/** Recharge packages (/sa): list, create, edit, delete and generate codes. */
export default function PackagesPage() {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<TPackage | null>();
  const [codesOf, setCodesOf] = useState<TPackage>();
  const query = usePackages({ ...paging.params, keyword: keyword.trim() });
  return (
    <PageContainer
      title={tm('saPackages')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('packages.create')}
        </Button>
      }
    >
      <div className="toolbar" role="search">
        <Input.Search
          aria-label={t('packages.search')}
          placeholder={t('packages.search')}
          allowClear
          enterButton={tp('actions.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setKeyword(value);
            paging.reset();
          }}
        />
      </div>
      <PackageTable
        packages={query.data?.list}
        loading={query.isFetching}
        pagination={paging.pagination(query.data?.total)}
        onEdit={setEditing}
        onCodes={setCodesOf}
      />
      <PackageEditModal editing={editing} onClose={() => setEditing(undefined)} />
      <CodesModal pkg={codesOf} onClose={() => setCodesOf(undefined)} />
    </PageContainer>
  );
}
