import { useState } from 'react';
import { Alert, Button, InputNumber, Space, Steps, Upload } from 'antd';
import { DownloadOutlined, ExportOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { activate } from '@edp/shared/api/console/licences.calls';
import { MAX_LICENCE_MONTHS } from '@edp/shared/constants';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import type { LicencePurpose, TInstalledLicence } from '@edp/shared/contracts/licences';
import { HOME_AFTER_LOGIN } from '../../../lib/auth-paths.ts';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { downloadRequest, useInstallCertificate, useLicenceRecords } from '../api/licences.ts';
import { syncFailure } from '../../admin-common/lib/sync-failure.ts';
import '../lib/licence-locales.ts';
import { LicenceRecords } from '../components/licence-records.tsx';
import { SyncAlert } from '../../admin-common/components/sync-alert.tsx';

/**
 * A certificate not installed: the engine offline or silent as any command, or refused (by the
 * console's checks or the engine's) with its code's words (SPEC §8).
 */
function RefusalAlert({ error }: { error: Error }) {
  const { t } = useTranslation('adminLicences');
  const kind = syncFailure(error);
  if (kind === 'offline' || kind === 'noAnswer') return <SyncAlert error={error} />;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginTop: 12 }}
      // The message says what happened and what to do in words; no bare "errCode -9" beside it.
      title={t('steps.refused', { message: error.message })}
    />
  );
}

/** A valid licence is renewed; anything else is activated. */
const purposeOf = (d: TDeviceDetail, now: number): LicencePurpose =>
  d.licence && Date.parse(d.licence.expiresAt) > now ? 'renew' : 'activate';

/**
 * The four steps of activation and renewal (SPEC §4) on a device's detail, each with its state:
 * the request file made of what the engine answers, the portal's two steps, and the certificate
 * checked here and installed by the engine, whose answer is shown in place.
 */
export function LicenceSteps({ device }: { device: TDeviceDetail }) {
  const { t } = useTranslation('adminLicences');
  const [now] = useState(Date.now);
  const purpose = purposeOf(device, now);
  const mayAct = useMayCall(activate) && device.status === 'running';
  const records = useLicenceRecords(device.id);
  const install = useInstallCertificate(device.id);
  const [months, setMonths] = useState(12);
  const [busy, setBusy] = useState<'request' | 'install'>();
  const [requestError, setRequestError] = useState<Error>();
  const [installError, setInstallError] = useState<Error>();
  const [installed, setInstalled] = useState<TInstalledLicence>();

  const waiting = records.data?.outstanding[0];
  const current = installed ? 4 : waiting ? 3 : 0;

  const request = async () => {
    setBusy('request');
    setRequestError(undefined);
    try {
      const made = await downloadRequest(device.id, months, purpose);
      toastSuccess(t('steps.saved', { name: made.fileName }));
      setInstalled(undefined);
      await records.refetch();
    } catch (e) {
      setRequestError(e as Error);
    } finally {
      setBusy(undefined);
    }
  };
  const upload = async (file: File) => {
    setBusy('install');
    setInstallError(undefined);
    setInstalled(undefined);
    try {
      setInstalled(await install(await file.text(), purpose));
      await records.refetch();
    } catch (e) {
      setInstallError(e as Error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="licence-steps">
      <h2 id="licence-steps" className="task-detail__section">
        {t('steps.title')}
      </h2>
      {device.status !== 'running' ? (
        <Alert type="info" showIcon title={t('steps.notRunning')} style={{ marginBottom: 16 }} />
      ) : (
        !mayAct && (
          <Alert type="info" showIcon title={t('steps.readOnly')} style={{ marginBottom: 16 }} />
        )
      )}
      <Steps
        direction="vertical"
        size="small"
        current={current}
        items={[
          {
            title: t('steps.request'),
            description: (
              <>
                <p>{t('steps.requestDesc')}</p>
                {mayAct && (
                  <Space wrap>
                    <InputNumber
                      aria-label={t('steps.months')}
                      min={1}
                      max={MAX_LICENCE_MONTHS}
                      precision={0}
                      value={months}
                      onChange={(v) => setMonths(v ?? 12)}
                      suffix={t('steps.monthsUnit')}
                      // Room for three digits beside the unit and the stepper: antd's default
                      // width left "1‹ months" (issue 35).
                      style={{ width: '10em' }}
                    />
                    <Button
                      icon={<DownloadOutlined />}
                      loading={busy === 'request'}
                      onClick={() => void request()}
                    >
                      {t(purpose === 'renew' ? 'steps.requestRenew' : 'steps.requestActivate')}
                    </Button>
                  </Space>
                )}
                {waiting && (
                  <p className="licence-steps__made" role="status">
                    {t('steps.made', {
                      time: formatTime(waiting.createdAt),
                      by: waiting.createdBy,
                      months: waiting.months,
                    })}
                  </p>
                )}
                {requestError && <SyncAlert error={requestError} />}
              </>
            ),
          },
          {
            title: t('steps.portal'),
            description: (
              <>
                <p>{t('steps.portalDesc')}</p>
                {/* The portal is served by this same server: its My license page is the portal's
                    home, on this origin; a new tab keeps the console where it is. */}
                <a href={HOME_AFTER_LOGIN.portal} target="_blank" rel="noopener noreferrer">
                  <ExportOutlined aria-hidden /> {t('steps.openPortal')}
                </a>
              </>
            ),
          },
          { title: t('steps.certificate'), description: t('steps.certificateDesc') },
          {
            title: t('steps.upload'),
            description: (
              <>
                <p>{t('steps.uploadDesc')}</p>
                {mayAct && (
                  <Upload
                    accept=".lic"
                    maxCount={1}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void upload(file);
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} loading={busy === 'install'}>
                      {t('steps.chooseFile')}
                    </Button>
                  </Upload>
                )}
                {installed && (
                  <Alert
                    type="success"
                    showIcon
                    role="status"
                    style={{ marginTop: 12 }}
                    title={t('steps.installed', {
                      code: installed.licenseCode,
                      serial: installed.serial,
                      expires: formatTime(installed.expiresAt),
                    })}
                  />
                )}
                {installError && <RefusalAlert error={installError} />}
              </>
            ),
          },
        ]}
      />
      <LicenceRecords records={records} />
    </section>
  );
}
