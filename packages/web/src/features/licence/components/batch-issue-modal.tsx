import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Result, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TIssueBatchResult, TRequestBatchRead } from '@edp/shared/contracts/com';
import { PortalErr } from '@edp/shared/errors/portal';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ApiError } from '../../../lib/http.ts';
import { saveCertificates, useIssueLicences } from '../api/issue-licences.ts';

type ReadRequest = TRequestBatchRead['read'][number];

interface BatchIssueModalProps {
  batch: TRequestBatchRead;
  onClose: () => void;
}

/**
 * Many requests read at once (loose `.dat` files or the console's zip): each device by its name
 * with what it costs, each file refused with its reason; then the certificates issued together
 * (all or none) and handed back as one zip named by device, which the console takes whole.
 */
export function BatchIssueModal({ batch, onClose }: BatchIssueModalProps) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const { t: tc } = useTranslation('common');
  const [result, setResult] = useState<TIssueBatchResult>();
  const [error, setError] = useState<ApiError>();
  const issue = useIssueLicences();
  const { read, refused, cost, balance } = batch;
  const fresh = read.filter((r) => !r.alreadyIssued).length;
  const tooLow = cost > balance;

  const confirm = async () => {
    setError(undefined);
    try {
      setResult(
        await issue.mutateAsync({
          items: read.map((r) => ({ requestId: r.requestId, months: r.monthsAsked })),
        }),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e : undefined);
    }
  };

  const close = (
    <Button key="close" onClick={onClose}>
      {tp('actions.close')}
    </Button>
  );
  const footer = result
    ? [close]
    : [
        <Button key="cancel" onClick={onClose}>
          {tc('actions.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={read.length === 0 || tooLow}
          loading={issue.isPending}
          onClick={() => void confirm()}
        >
          {t('batch.confirm', { count: read.length })}
        </Button>,
      ];

  return (
    <Modal
      open
      title={result ? t('batch.resultTitle') : t('batch.title')}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
      width={720}
    >
      {result ? (
        <Result
          status="success"
          title={t('batch.issued', { count: result.issued.length, balance: result.balance })}
          subTitle={
            <>
              {result.issued.some((i) => i.renewal) && (
                <div>
                  {t('batch.renewals', { count: result.issued.filter((i) => i.renewal).length })}
                </div>
              )}
              <div>{t('batch.resultHint')}</div>
            </>
          }
          extra={
            <DownloadButton type="primary" onDownload={async () => saveCertificates(result)}>
              {t('batch.download')}
            </DownloadButton>
          }
        />
      ) : (
        <>
          <p>{read.length ? t('batch.read', { count: read.length }) : t('batch.noneRead')}</p>
          {read.length > 0 && (
            <Table<ReadRequest>
              rowKey="requestId"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
              className="form-note"
              dataSource={read}
              columns={[
                {
                  title: t('batch.device'),
                  key: 'device',
                  render: (_, r) => r.name || r.deviceId,
                },
                { title: t('batch.kind'), dataIndex: 'kind' },
                {
                  title: t('batch.purpose'),
                  key: 'purpose',
                  render: (_, r) => (
                    <Tag variant="outlined">{t(r.renewal ? 'batch.renewal' : 'batch.issue')}</Tag>
                  ),
                },
                {
                  title: t('batch.months'),
                  dataIndex: 'monthsAsked',
                  render: (months: number) => tp('units.months', { count: months }),
                },
                {
                  title: t('batch.cost'),
                  key: 'cost',
                  render: (_, r) =>
                    r.alreadyIssued
                      ? t('batch.alreadyIssued')
                      : tp('units.months', { count: r.cost }),
                },
              ]}
            />
          )}
          {refused.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="form-note"
              title={t('batch.refused', { count: refused.length })}
              description={
                <ul>
                  {refused.map((r, i) => (
                    <li key={`${r.fileName}-${i}`}>
                      {tc('labelled', { label: r.fileName, value: r.message })}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {fresh > 0 && (
            <Descriptions column={1} size="small" bordered className="form-note">
              <Descriptions.Item label={t('batch.total')}>
                {tp('units.months', { count: cost })}
              </Descriptions.Item>
              <Descriptions.Item label={t('batch.balance')}>
                {tp('units.months', { count: balance })}
              </Descriptions.Item>
            </Descriptions>
          )}
          {tooLow && (
            <Alert
              type="error"
              showIcon
              role="alert"
              className="form-note"
              title={t('batch.lowBalance', { count: fresh, cost, balance })}
              action={<Link to="/recharge">{t('issue.toRecharge')}</Link>}
            />
          )}
          {error && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={error.msg}
              action={
                error.errCode === PortalErr.BatchBalanceLow ? (
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
