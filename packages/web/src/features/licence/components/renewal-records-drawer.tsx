import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLicenceItem } from '@edp/shared/contracts/com';
import { IssueRecordTable } from '../../../components/issue-record-table.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { downloadIssueFile } from '../api/download-issue-file.ts';
import { useLicenceRecords } from '../api/get-licence-records.ts';

interface RenewalRecordsDrawerProps {
  licence: TLicenceItem | undefined;
  onClose: () => void;
}

/** The certificates issued for one licence, newest first, each downloadable again. */
export function RenewalRecordsDrawer({ licence, onClose }: RenewalRecordsDrawerProps) {
  const { t } = useTranslation('licence');
  const paging = usePaging();
  const query = useLicenceRecords(licence?.id, paging.params);
  return (
    <Drawer
      open={!!licence}
      onClose={onClose}
      title={licence ? t('recordsOf', { code: licence.code }) : ''}
      // Wide enough for the records' nine columns without breaking words (min 100vw on phones).
      size="min(1080px, 100vw)"
      destroyOnHidden
    >
      <IssueRecordTable
        records={query.data?.list}
        loading={query.isFetching}
        showDevice
        pagination={paging.pagination(query.data?.total)}
        onDownload={(record) => downloadIssueFile(record.id, record.fileName)}
      />
    </Drawer>
  );
}
