import { Alert, ConfigProvider, Descriptions, Result, Skeleton, Tabs, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { daysLeft } from '@edp/shared/licence-days';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { CommonErr } from '@edp/shared/errors/common';
import { ConsoleErr } from '@edp/shared/errors/console';
import { PageContainer } from '../../../components/page-container.tsx';
import { formatTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useDeviceDetail } from '../api/get-device-detail.ts';
import { DeviceActions } from '../components/device-actions.tsx';
import { DeviceTypeTag, PresenceLabel, RelativeTime } from '../components/device-labels.tsx';
import { DeviceTimeline } from '../components/device-timeline.tsx';
import { UptimeStrip } from '../components/uptime-strip.tsx';
import { AuthorisedPrograms } from '../components/authorised-programs.tsx';
import { CommandTable } from '../../admin-tasks/parts/command-table.tsx';
import { ProtectedFolders } from '../components/protected-folders.tsx';
import { WindowTab } from '../../admin-elevation/parts/window-tab.tsx';
import { DaysLeft } from '../../admin-licences/parts/days-left.tsx';
import { LicenceSteps } from '../../admin-licences/parts/licence-steps.tsx';
import { IntegrityChanges } from '../components/integrity-changes.tsx';
import { DeviceKeyEscrow } from '../components/device-key-escrow.tsx';
import { authorisedPrograms } from '@edp/shared/api/console/sync.calls';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../../admin-common/components/console-parts.css';
import '../components/admin-devices.css';
import '../../admin-tasks/lib/task-locales.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/**
 * The selected tab in the theme's link colour (cyan-700, 5.4:1 on white): the brand cyan antd
 * would use reads at 2.4:1 (app/theme.ts).
 */
const TABS_THEME = {
  components: {
    Tabs: {
      itemSelectedColor: '#0E7490',
      inkBarColor: '#0E7490',
      itemHoverColor: '#155E75',
      itemActiveColor: '#155E75',
    },
  },
};

const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;

function BasicTab({ d }: { d: TDeviceDetail }) {
  const { t } = useTranslation('adminDevices');
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        className="device-detail"
        style={{ marginBottom: 24 }}
      >
        <Descriptions.Item label={t('columns.name')}>{d.name}</Descriptions.Item>
        <Descriptions.Item label={t('detail.id')}>{d.id}</Descriptions.Item>
        <Descriptions.Item label={t('detail.number')}>{dash(d.number)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.ip')}>{d.ip}</Descriptions.Item>
        <Descriptions.Item label={t('columns.group')}>{d.groupName}</Descriptions.Item>
        <Descriptions.Item label={t('columns.kind')}>{d.kind}</Descriptions.Item>
        <Descriptions.Item label={t('columns.type')}>
          <DeviceTypeTag type={d.type} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.status')}>
          <Tag color={d.status === 'running' ? TAG.ok : TAG.muted}>{t(`status.${d.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.presence')}>
          <PresenceLabel presence={d.presence} />
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.lastSeen')}>
          <RelativeTime iso={d.lastSeenAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.interval')}>
          {t('detail.intervalValue', { count: d.interval })}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.createdAt')}>
          {formatTime(d.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.enrolledAt')}>
          {formatTime(d.enrolledAt)}
        </Descriptions.Item>
        {d.deprecatedAt && (
          <Descriptions.Item label={t('detail.deprecatedAt')}>
            {formatTime(d.deprecatedAt)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('detail.fingerprint')}>{dash(d.fingerprint)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.engineKey')}>
          {t(d.engineKey ? 'detail.engineKeyHeld' : 'detail.engineKeyNone')}
        </Descriptions.Item>
        {d.reenrolUntil && (
          <Descriptions.Item label={t('detail.reenrolUntil')}>
            <Tag color={TAG.warn}>{formatTime(d.reenrolUntil)}</Tag>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('detail.port')}>{dash(d.port)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.collectorIp')}>{dash(d.collectorIp)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.qid')}>{dash(d.qid)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.remark')} span={2}>
          {dash(d.remark)}
        </Descriptions.Item>
      </Descriptions>
      <UptimeStrip uptime={d.uptime} />
      <DeviceKeyEscrow deviceId={d.id} />
    </>
  );
}

function EnvironmentTab({ d }: { d: TDeviceDetail }) {
  const { t } = useTranslation('adminDevices');
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} className="device-detail">
        <Descriptions.Item label={t('columns.install')}>
          {t(`install.${d.install}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.detection')}>
          {t(`detection.${d.detection}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.systemType')}>{dash(d.systemType)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.kernel')}>{dash(d.kernel)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.version')}>{dash(d.version)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.stateChangedAt')}>
          {formatTime(d.stateChangedAt)}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

function LicenceTab({ d }: { d: TDeviceDetail }) {
  const { t } = useTranslation('adminDevices');
  const [now] = useState(Date.now);
  const left = d.licence ? daysLeft(d.licence.expiresAt, now) : undefined;
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        className="device-detail"
        style={{ marginBottom: 24 }}
      >
        <Descriptions.Item label={t('detail.activation')}>
          {t(`activation.${d.activation}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.type')}>
          <DeviceTypeTag type={d.type} />
        </Descriptions.Item>
        {d.licence ? (
          <>
            <Descriptions.Item label={t('detail.licenceCode')}>
              {dash(d.licence.code)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.serial')}>{d.licence.serial}</Descriptions.Item>
            <Descriptions.Item label={t('detail.expiresAt')}>
              {formatTime(d.licence.expiresAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.daysLeft')}>
              {left !== undefined && left > 0 ? (
                <DaysLeft days={left} />
              ) : (
                <Tag color={TAG.bad}>
                  <DaysLeft days={left ?? 0} />
                </Tag>
              )}
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t('detail.serial')}>{t('detail.noLicence')}</Descriptions.Item>
        )}
      </Descriptions>
      <LicenceSteps device={d} />
    </>
  );
}

/**
 * A device's detail (/admin/devices/:id): information, its activity, environment, licence; a
 * running device's move and deprecate for a user whose duty may (device-actions.tsx).
 */
export default function AdminDeviceDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('adminDevices');
  const { t: tm } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  const { t: tt } = useTranslation('adminTasks');
  const { t: tl } = useTranslation('adminLogs');
  const info = useDeviceDetail(id);
  const mayAskEngine = useMayCall(authorisedPrograms);
  // Back to the list as it was left (its address, handed over by the list's links).
  const from = (useLocation().state as { list?: string } | null)?.list ?? '';
  const back = <Link to={adminPath('adminDevices', from)}>{t('detail.back')}</Link>;

  if (info.isError) {
    const code = info.error instanceof ApiError ? info.error.errCode : undefined;
    const hidden = code === ConsoleErr.DeviceHidden;
    const missing = code === CommonErr.NotFound;
    return (
      <PageContainer title={tm('adminDeviceDetail')}>
        <Result
          status={hidden ? undefined : missing ? '404' : 'error'}
          icon={hidden ? <LockOutlined className="result-icon" aria-hidden /> : undefined}
          title={
            <h2 className="admin-home__duty">
              {hidden
                ? t('detail.hidden')
                : missing
                  ? t('detail.notFound')
                  : tc('request.serverError')}
            </h2>
          }
          subTitle={
            hidden ? info.error.message : missing ? t('detail.notFoundSub') : info.error.message
          }
          extra={back}
        />
      </PageContainer>
    );
  }

  const d = info.data;
  return (
    <PageContainer
      title={d ? t('detail.title', { name: d.name }) : tm('adminDeviceDetail')}
      extra={
        <div className="device-toolbar device-detail__extra">
          {d && <DeviceActions device={d} />}
          {back}
        </div>
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          {d.status === 'deprecated' && (
            <Alert
              type="warning"
              showIcon
              title={t('detail.deprecatedNote')}
              style={{ marginBottom: 16 }}
            />
          )}
          <ConfigProvider theme={TABS_THEME}>
            <Tabs
              className="device-tabs"
              items={[
                { key: 'basic', label: t('detail.tabs.basic'), children: <BasicTab d={d} /> },
                {
                  key: 'activity',
                  label: t('detail.tabs.activity'),
                  children: <DeviceTimeline device={d} />,
                },
                {
                  key: 'environment',
                  label: t('detail.tabs.environment'),
                  children: <EnvironmentTab d={d} />,
                },
                {
                  key: 'protection',
                  label: tt('device.tabs.protection'),
                  children: (
                    <>
                      <h2 className="task-detail__section">{tt('device.sections.folders')}</h2>
                      <ProtectedFolders device={d} />
                      <h2 className="task-detail__section">{tt('device.sections.programs')}</h2>
                      {mayAskEngine ? (
                        <AuthorisedPrograms deviceId={d.id} running={d.status === 'running'} />
                      ) : (
                        <Alert type="info" showIcon title={tt('device.readOnly')} />
                      )}
                    </>
                  ),
                },
                {
                  key: 'history',
                  label: tt('device.tabs.history'),
                  children: (
                    <>
                      <p>{tt('device.history.intro')}</p>
                      <CommandTable of={{ deviceId: d.id }} />
                    </>
                  ),
                },
                {
                  key: 'integrity',
                  label: tl('integrity.tab'),
                  children: <IntegrityChanges deviceId={d.id} />,
                },
                { key: 'licence', label: t('detail.tabs.licence'), children: <LicenceTab d={d} /> },
                {
                  key: 'elevation',
                  label: t('detail.tabs.elevation'),
                  children: <WindowTab device={d} kind="elevation" />,
                },
                {
                  key: 'learning',
                  label: t('detail.tabs.learning'),
                  children: <WindowTab device={d} kind="learning" />,
                },
              ]}
            />
          </ConfigProvider>
        </>
      )}
    </PageContainer>
  );
}
