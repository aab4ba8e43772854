import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TRequestBatchRead, TUploadResult } from '@edp/shared/contracts/com';
import { ApiError } from '../../../lib/http.ts';
import { isZipName } from '../../../lib/uploaded-files.ts';
import { useUploadRequest } from '../api/upload-request.ts';
import { useUploadRequests } from '../api/upload-requests.ts';
import { isRequestFileName, readRequestFile } from './read-request-file.ts';

interface UploadRequestButtonProps {
  /** One `.dat` chosen: what it asks for. */
  onParsed: (request: TUploadResult) => void;
  /** Several files, or a zip: each request read and each file refused. */
  onBatch: (batch: TRequestBatchRead) => void;
  /** A localised error to show (wrong file type, the server's parse error), or undefined. */
  onError: (message: string | undefined) => void;
}

/**
 * Picks request files and sends them to the server, which reads them: one `.dat` as before, or
 * several at once and zips of them (the console's "Download request files").
 */
export function UploadRequestButton({ onParsed, onBatch, onError }: UploadRequestButtonProps) {
  const { t } = useTranslation('licence');
  const { t: tc } = useTranslation('common');
  const upload = useUploadRequest();
  const uploadMany = useUploadRequests();

  const handle = async (files: File[]) => {
    onError(undefined);
    if (files.some((f) => !isRequestFileName(f.name) && !isZipName(f.name))) {
      onError(t('onlyDat'));
      return;
    }
    try {
      if (files.length === 1 && isRequestFileName(files[0]!.name))
        onParsed(await upload.mutateAsync(await readRequestFile(files[0]!)));
      else onBatch(await uploadMany.mutateAsync(files));
    } catch (error) {
      onError(error instanceof ApiError ? error.msg : tc('request.serverError'));
    }
  };

  return (
    <Upload
      accept=".dat,.zip"
      multiple
      showUploadList={false}
      beforeUpload={(file, files) => {
        // Called once per file; the files go up together, with the last of them.
        if (file === files[files.length - 1]) void handle(files);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button
        type="primary"
        icon={<UploadOutlined />}
        loading={upload.isPending || uploadMany.isPending}
      >
        {t('upload')}
      </Button>
    </Upload>
  );
}
