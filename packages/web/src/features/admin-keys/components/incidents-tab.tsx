import { useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TIncident, TKeyStatus } from '@edp/shared/contracts/keys';
import { INCIDENT_STATES, type IncidentState } from '@edp/shared/contracts/keys-values';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useIncidents } from '../api/keys.ts';
import { DeclareIncidentModal } from './declare-incident-modal.tsx';
import { IncidentNoteModal } from './incident-note-modal.tsx';
import { IncidentTimeline } from './incident-timeline.tsx';
import { IncidentTag } from './key-labels.tsx';
import { KeysetPager, useKeyset } from '../../../components/keyset-pager.tsx';
import { StateFilter } from './state-filter.tsx';

/**
 * Key incidents (docs/keys.md "Incidents"), newest first in keyset pages with a state filter:
 * each one's kind, state, subject, the devices still affected (a live count: the list is read
 * again while one is open), who declared it and when, and its timeline under its row. The key
 * manager declares one, adds notes, and closes a contained one with a note; the auditor reads.
 */
export function IncidentsTab({ status, canWrite }: { status: TKeyStatus; canWrite: boolean }) {
  const { t } = useTranslation('adminKeys');
  const [state, setState] = useState<IncidentState>();
  const keyset = useKeyset();
  const list = useIncidents({
    size: 20,
    ...(state ? { state } : {}),
    ...(keyset.cursor ? { cursor: keyset.cursor } : {}),
  });
  const [declaring, setDeclaring] = useState(false);
  const [noting, setNoting] = useState<{ incident: TIncident; closing: boolean }>();

  const subject = (i: TIncident) =>
    i.holder
      ? `${i.holder.name} (${i.holder.account})`
      : i.device
        ? i.device.name
        : t(`incident.subjects.${i.kind}`);
  const named = (i: TIncident) =>
    t('incident.named', { kind: t(`incident.kinds.${i.kind}`), subject: subject(i) });

  const columns: ColumnsType<TIncident> = [
    {
      title: t('incident.columns.kind'),
      key: 'kind',
      className: 'admin-table__name',
      render: (_, i) => t(`incident.kinds.${i.kind}`),
    },
    {
      title: t('incident.columns.state'),
      dataIndex: 'state',
      render: (s: IncidentState) => <IncidentTag state={s} />,
    },
    { title: t('incident.columns.subject'), key: 'subject', render: (_, i) => subject(i) },
    {
      title: t('incident.columns.affected'),
      dataIndex: 'affected',
      render: (n: number) => n,
    },
    {
      title: t('incident.columns.declaredBy'),
      key: 'declaredBy',
      responsive: ['sm'],
      render: (_, i) => i.declaredBy.account,
    },
    {
      title: t('incident.columns.declaredAt'),
      dataIndex: 'declaredAt',
      responsive: ['md'],
      render: (at: string) => formatTime(at),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('incident.columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, i) =>
        i.state === 'closed' ? null : (
          <Space size="small">
            <Button
              size="small"
              aria-label={t('incident.noteLabel', { subject: named(i) })}
              onClick={() => setNoting({ incident: i, closing: false })}
            >
              {t('incident.addNote')}
            </Button>
            {i.state === 'contained' && (
              <Button
                size="small"
                type="primary"
                aria-label={t('incident.closeLabel', { subject: named(i) })}
                onClick={() => setNoting({ incident: i, closing: true })}
              >
                {t('incident.close')}
              </Button>
            )}
          </Space>
        ),
    });
  }

  return (
    <>
      <p>{t('incident.intro')}</p>
      <div className="list-page__filters" role="search">
        <StateFilter<IncidentState>
          label={t('incident.filterState')}
          all={t('incident.anyState')}
          states={INCIDENT_STATES}
          word={(s) => t(`incident.states.${s}`)}
          value={state}
          onChange={(s) => {
            setState(s);
            keyset.reset();
          }}
        />
        {canWrite && (
          <Button
            type="primary"
            danger
            icon={<PlusOutlined />}
            disabled={!status.initialised}
            onClick={() => setDeclaring(true)}
          >
            {t('incident.declare')}
          </Button>
        )}
      </div>
      {list.isError && (
        <LoadError
          title={t('incident.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      <ListTable<TIncident>
        columns={columns}
        dataSource={list.data?.items}
        loading={list.isFetching && !list.data}
        rowKey="id"
        expandable={{ expandedRowRender: (i) => <IncidentTimeline incident={i} /> }}
        emptyText={state ? t('incident.emptyFiltered') : t('incident.empty')}
      />
      <KeysetPager keyset={keyset} next={list.data?.next} busy={list.isFetching} />
      {declaring && <DeclareIncidentModal status={status} onClose={() => setDeclaring(false)} />}
      {noting && (
        <IncidentNoteModal
          incident={noting.incident}
          closing={noting.closing}
          subject={named(noting.incident)}
          onClose={() => setNoting(undefined)}
        />
      )}
    </>
  );
}
