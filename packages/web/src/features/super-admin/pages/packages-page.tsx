import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPackage } from '@edp/shared/contracts/vendor';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { usePackages } from '../api/get-packages.ts';
import { CodesModal } from '../components/codes-modal.tsx';
import { PackageEditModal } from '../components/package-edit-modal.tsx';
import { usePackageColumns } from '../components/package-columns.tsx';
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
  const columns = usePackageColumns({ onEdit: setEditing, onCodes: setCodesOf });
  return (
    <ListPage<TPackage>
      plain
      title={tm('saPackages')}
      add={{ label: t('packages.create'), onClick: () => setEditing(null) }}
      filters={
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
      }
      query={query}
      paging={paging}
      columns={columns}
      emptyText={t('packages.empty')}
    >
      <PackageEditModal editing={editing} onClose={() => setEditing(undefined)} />
      <CodesModal pkg={codesOf} onClose={() => setCodesOf(undefined)} />
    </ListPage>
  );
}
