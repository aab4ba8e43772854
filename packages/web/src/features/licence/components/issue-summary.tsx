import { Alert, Descriptions, InputNumber } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUploadResult } from '@edp/shared/contracts/com';
import { MAX_LICENCE_MONTHS, licenceCost } from '@edp/shared/constants';

interface IssueSummaryProps {
  request: TUploadResult;
  months: number | null;
  onMonthsChange: (months: number | null) => void;
}

/** What an uploaded request asks for, the months to issue and what they cost. */
export function IssueSummary({ request, months, onMonthsChange }: IssueSummaryProps) {
  const { t } = useTranslation('licence');
  const { t: tp } = useTranslation('portal');
  const cost = licenceCost(months ?? 0);
  const tooLow = !request.alreadyIssued && cost > request.balance;
  return (
    <>
      {request.alreadyIssued && (
        <Alert type="info" showIcon className="form-note" title={t('issue.alreadyIssued')} />
      )}
      {request.renewal && !request.alreadyIssued && (
        <Alert type="info" showIcon className="form-note" title={t('issue.renewal')} />
      )}
      <Descriptions column={1} size="small" bordered className="form-note">
        {request.name && (
          <Descriptions.Item label={t('issue.deviceName')}>{request.name}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('issue.device')}>{request.deviceId}</Descriptions.Item>
        <Descriptions.Item label={t('issue.kind')}>
          {request.kind} · {tp(`kinds.${request.kind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('issue.fingerprint')}>{request.fingerprint}</Descriptions.Item>
        <Descriptions.Item label={t('issue.monthsAsked')}>
          {tp('units.months', { count: request.monthsAsked })}
        </Descriptions.Item>
        <Descriptions.Item label={t('issue.balance')}>
          {tp('units.months', { count: request.balance })}
        </Descriptions.Item>
        {!request.alreadyIssued && (
          <Descriptions.Item label={t('issue.cost')}>
            {tp('units.months', { count: cost })}
          </Descriptions.Item>
        )}
      </Descriptions>
      {!request.alreadyIssued && (
        <div className="form-field">
          <label htmlFor="issue-months" className="form-field__label">
            {t('issue.months')}
          </label>
          <InputNumber
            id="issue-months"
            min={1}
            max={MAX_LICENCE_MONTHS}
            precision={0}
            value={months}
            onChange={onMonthsChange}
            aria-describedby="issue-months-hint"
          />
          <div id="issue-months-hint" className="field-hint">
            {t('issue.monthsHint')}
          </div>
        </div>
      )}
      {tooLow && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('issue.lowBalance', { cost, balance: request.balance })}
          action={<Link to="/recharge">{t('issue.toRecharge')}</Link>}
        />
      )}
    </>
  );
}
