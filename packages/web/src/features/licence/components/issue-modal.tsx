import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TIssueResult, TUploadResult } from '@edp/shared/contracts/com';
import { licenceCost } from '@edp/shared/constants';
import { PortalErr } from '@edp/shared/errors/portal';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ApiError } from '../../../lib/http.ts';
import { downloadIssueFile } from '../api/download-issue-file.ts';
import { useIssueLicence } from '../api/issue-licence.ts';
import { IssueResult } from './issue-result.tsx';
import { IssueSummary } from './issue-summary.tsx';

interface IssueModalProps {
  request: TUploadResult;
  onClose: () => void;
}

/** Confirm an uploaded request: months (1-120) and cost, then the issued licence. */
export function IssueModal({ request, onClose }: IssueModalProps) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const { t: tc } = useTranslation('common');
  const [months, setMonths] = useState<number | null>(request.monthsAsked);
  const [result, setResult] = useState<TIssueResult>();
  const [error, setError] = useState<ApiError>();
  const issue = useIssueLicence();
  const canIssue = !!months && licenceCost(months) <= request.balance;

  const confirm = async () => {
    if (!months) return;
    setError(undefined);
    try {
      setResult(await issue.mutateAsync({ requestId: request.requestId, months }));
    } catch (e) {
      setError(e instanceof ApiError ? e : undefined);
    }
  };

  const close = <Button onClick={onClose}>{tp('actions.close')}</Button>;
  let footer = [
    <Button key="cancel" onClick={onClose}>
      {tc('actions.cancel')}
    </Button>,
    <Button
      key="ok"
      type="primary"
      disabled={!canIssue}
      loading={issue.isPending}
      onClick={() => void confirm()}
    >
      {t(request.renewal ? 'issue.confirmRenew' : 'issue.confirm')}
    </Button>,
  ];
  if (result) footer = [close];
  else if (request.alreadyIssued) {
    footer = [
      close,
      <DownloadButton
        key="download"
        type="primary"
        disabled={!request.recordId}
        onDownload={() => downloadIssueFile(request.recordId ?? '')}
      >
        {t('issue.download')}
      </DownloadButton>,
    ];
  }

  return (
    <Modal
      open
      title={
        request.renewal
          ? t(result ? 'issue.renewedTitle' : 'issue.renewTitle')
          : t(result ? 'issue.resultTitle' : 'issue.title')
      }
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
    >
      {result ? (
        <IssueResult result={result} />
      ) : (
        <>
          <IssueSummary request={request} months={months} onMonthsChange={setMonths} />
          {error && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={error.msg}
              className="form-note"
              action={
                error.errCode === PortalErr.BalanceLow ? (
                  <Link to="/recharge">{t('issue.toRecharge')}</Link>
                ) : undefined
              }
            />
          )}
        </>
      )}
    </Modal>
  );
}
