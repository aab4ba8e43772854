import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TUploadResult } from '@edp/shared/contracts/com';
import { ApiError } from '../../../lib/http.ts';
import { useUploadRequest } from '../api/upload-request.ts';
import { isRequestFileName, readRequestFile } from './read-request-file.ts';

interface UploadRequestButtonProps {
  onParsed: (request: TUploadResult) => void;
  /** A localised error to show (wrong file type, the server's parse error), or undefined. */
  onError: (message: string | undefined) => void;
}

/** Picks a `.dat` request file and sends it to the server, which parses it. */
export function UploadRequestButton({ onParsed, onError }: UploadRequestButtonProps) {
  const { t } = useTranslation('licence');
  const { t: tc } = useTranslation('common');
  const upload = useUploadRequest();

  const handle = async (file: File) => {
    onError(undefined);
    if (!isRequestFileName(file.name)) {
      onError(t('onlyDat'));
      return;
    }
    try {
      onParsed(await upload.mutateAsync(await readRequestFile(file)));
    } catch (error) {
      onError(error instanceof ApiError ? error.msg : tc('request.serverError'));
    }
  };

  return (
    <Upload
      accept=".dat"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        void handle(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
        {t('upload')}
      </Button>
    </Upload>
  );
}
