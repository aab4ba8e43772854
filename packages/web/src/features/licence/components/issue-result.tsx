import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TIssueResult } from '@edp/shared/contracts/com';
import { DownloadButton } from '../../../components/download-button.tsx';
import { formatTime } from '../../../lib/format.ts';
import { downloadIssueFile } from '../api/download-issue-file.ts';

/**
 * The issued licence: expiry, serial, new balance and its download. The dialog's title already
 * says it was issued (or renewed); the result leads with how long it runs, not the same words.
 */
export function IssueResult({ result }: { result: TIssueResult }) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const { t: tc } = useTranslation('common');
  return (
    <Result
      status="success"
      title={t('issue.validUntil', { time: formatTime(result.expiresAt) })}
      subTitle={
        <>
          <div>{tc('labelled', { label: t('issue.serial'), value: result.serial })}</div>
          <div>
            {tc('labelled', {
              label: t('issue.newBalance'),
              value: tp('units.months', { count: result.balance }),
            })}
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
