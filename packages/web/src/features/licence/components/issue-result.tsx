import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TIssueResult } from '@edp/shared/contracts/com';
import { DownloadButton } from '../../../components/download-button.tsx';
import { formatTime } from '../../../lib/format.ts';
import { downloadIssueFile } from '../api/download-issue-file.ts';

/** The issued licence: expiry, serial, new balance and its download. */
export function IssueResult({ result }: { result: TIssueResult }) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  return (
    <Result
      status="success"
      title={t('issue.resultTitle')}
      subTitle={
        <>
          <div>
            {t('issue.expiresAt')}: {formatTime(result.expiresAt)} · {t('issue.serial')}:{' '}
            {result.serial}
          </div>
          <div>
            {t('issue.newBalance')}: {tp('units.months', { count: result.balance })}
          </div>
          <div>{t('issue.resultHint')}</div>
        </>
      }
      extra={
        <DownloadButton type="primary" onDownload={() => downloadIssueFile(result.recordId)}>
          {t('issue.download')}
        </DownloadButton>
      }
    />
  );
}
