import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { myRequestFile, requestFile } from '@edp/shared/api/portal/requests.calls';
import { DownloadButton } from '../../../components/download-button.tsx';
import { downloadCall } from '../../../lib/download-file.ts';
import type { RequestDetail, Side } from '../api/requests.ts';

/** The files attached to a request, each a download, with who attached it. */
export function RequestFiles({ side, request }: { side: Side; request: RequestDetail }) {
  const { t } = useTranslation('requests');
  if (request.files.length === 0) return null;
  const call = side === 'vendor' ? requestFile : myRequestFile;
  return (
    <section aria-labelledby="request-files">
      <h3 id="request-files" style={{ marginTop: 24 }}>
        {t('files')}
      </h3>
      <Space direction="vertical">
        {request.files.map((f) => (
          <DownloadButton
            key={f.id}
            type="link"
            onDownload={() => downloadCall(call, { id: f.id }, f.fileName)}
          >
            {`${f.fileName} (${Math.max(1, Math.round(f.size / 1024))} KB, ${
              f.side === side ? t('you') : f.side === 'vendor' ? t('vendorSide') : request.company
            })`}
          </DownloadButton>
        ))}
      </Space>
    </section>
  );
}
