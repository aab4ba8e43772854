import { Button, Modal, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { revokeEnrolSecret } from '@edp/shared/api/console/devices.calls';
import type { SecretState, TEnrolSecretItem } from '@edp/shared/contracts/devices';
import { useFocusableScrollBoxes } from '../../../components/focusable-scroll-boxes.ts';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useEnrolSecrets, useRevokeEnrolSecret } from '../../admin-common/api/enrol-secrets.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';

const STATE_COLORS: Record<SecretState, string> = {
  live: 'green',
  expired: 'default',
  revoked: 'red',
};

/**
 * A group's enrolment secrets, live and revoked (the enrol drawer's "Secrets" tab): name and the
 * last four characters, state (who revoked it and when), the engines enrolled with it, who made
 * it and when, expiry, and Revoke after a confirmation for a caller who may. The state comes
 * second: on a phone the table scrolls sideways and the first columns are what shows.
 */
export function EnrolSecretTable({ groupId }: { groupId: string | undefined }) {
  const { t } = useTranslation('admin');
  const [modal, holder] = Modal.useModal();
  const canRevoke = useMayCall(revokeEnrolSecret);
  const secrets = useEnrolSecrets(groupId);
  const revoke = useRevokeEnrolSecret();
  // A drawer is outside the page, whose container marks the tables' scroll boxes.
  const scrollBoxes = useFocusableScrollBoxes();

  if (!groupId) return null;

  const ask = async (s: TEnrolSecretItem) => {
    const sure = await modal.confirm({
      title: t('enrolSecret.revokeTitle', { name: s.name }),
      content: t('enrolSecret.revokeContent', { count: s.enrolled }),
      okText: t('enrolSecret.revoke'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
    });
    if (sure) await revoke.mutateAsync(s.id).catch(() => undefined);
  };

  const columns: ColumnsType<TEnrolSecretItem> = [
    {
      title: t('enrolSecret.columns.name'),
      dataIndex: 'name',
      render: (name: string, s) => (
        <>
          <span className="admin-table__name">{name}</span>{' '}
          <Typography.Text type="secondary" className="admin-table__name">
            …{s.hint}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('enrolSecret.columns.state'),
      dataIndex: 'state',
      render: (state: SecretState, s) => (
        <>
          <Tag color={STATE_COLORS[state]}>{t(`enrolSecret.states.${state}`)}</Tag>
          {s.revokedAt && (
            <div className="admin-table__name">
              <Typography.Text type="secondary">
                {t('enrolSecret.revokedBy', {
                  account: s.revokedBy ?? '',
                  time: formatTime(s.revokedAt),
                })}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: t('enrolSecret.columns.enrolled'), dataIndex: 'enrolled', align: 'right' },
    {
      title: t('enrolSecret.columns.createdBy'),
      dataIndex: 'createdBy',
      className: 'admin-table__name',
      render: (account: string) => account || t('enrolSecret.unknownMaker'),
    },
    {
      title: t('enrolSecret.columns.createdAt'),
      dataIndex: 'createdAt',
      className: 'admin-table__name',
      render: (iso: string) => formatTime(iso),
    },
    {
      title: t('enrolSecret.columns.expiresAt'),
      dataIndex: 'expiresAt',
      className: 'admin-table__name',
      render: (iso: string | null) => (iso ? formatTime(iso) : t('enrolSecret.never')),
    },
    ...(canRevoke
      ? [
          {
            title: t('actions.actions'),
            className: 'admin-table__actions',
            render: (_: unknown, s: TEnrolSecretItem) =>
              s.state === 'revoked' ? null : (
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={t('enrolSecret.revokeLabel', { name: s.name })}
                  onClick={() => void ask(s)}
                >
                  {t('enrolSecret.revoke')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  const { list, total } = secrets.data ?? { list: [], total: 0 };
  return (
    <section ref={scrollBoxes} aria-label={t('enrolSecret.listLabel')}>
      {holder}
      <p>{t('enrolSecret.listIntro')}</p>
      {secrets.isError ? (
        <LoadError
          title={t('enrolSecret.loadError')}
          error={secrets.error}
          onRetry={() => void secrets.refetch()}
        />
      ) : (
        <ListTable<TEnrolSecretItem>
          columns={columns}
          dataSource={list}
          loading={secrets.isLoading}
          emptyText={t('enrolSecret.empty')}
          data-testid="enrol-secrets"
        />
      )}
      {total > list.length && (
        <Typography.Paragraph type="secondary">
          {t('enrolSecret.more', { shown: list.length, total })}
        </Typography.Paragraph>
      )}
    </section>
  );
}
