import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import {
  VERSION_MOVES,
  VERSION_STATES,
  type VersionState,
} from '@edp/shared/contracts/product-versions-values';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useDeleteVersion, useMoveVersion, useVersions, type VersionRow } from '../api/versions.ts';
import { VersionEditModal } from '../components/version-edit-modal.tsx';
import { VersionUsersDrawer } from '../components/version-users-drawer.tsx';
import '../components/vendor-texts.ts';

const STATE_COLOURS: Record<VersionState, string> = {
  draft: TAG.muted,
  testing: TAG.info,
  released: TAG.ok,
  withdrawn: TAG.bad,
};

/**
 * The vendor's product versions (/sa/versions): each engine kind's versions per system, with
 * notes in both languages, moved draft → testing → released → withdrawn (VERSION_MOVES, the
 * server's own table), and how many running engines and customers report each; a withdrawal
 * and a deletion are asked first.
 */
export default function VersionsPage() {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<EngineKind>();
  const [state, setState] = useState<VersionState>();
  const [editing, setEditing] = useState<VersionRow | null>();
  const [usersOf, setUsersOf] = useState<VersionRow>();
  const query = useVersions({ ...paging.params, keyword: keyword.trim(), kind, state });
  const move = useMoveVersion();
  const remove = useDeleteVersion();
  const moveTo = (v: VersionRow, to: VersionState) =>
    move
      .mutateAsync({ id: v.id, state: to, successText: t(`versions.moved.${to}`) })
      .catch(() => undefined);

  const columns: TableProps<VersionRow>['columns'] = [
    { title: t('versions.kind'), dataIndex: 'kind' },
    { title: t('versions.systemType'), dataIndex: 'systemType' },
    { title: t('versions.number'), dataIndex: 'number', className: 'admin-table__name' },
    {
      title: t('versions.state'),
      dataIndex: 'state',
      render: (s: VersionState) => <Tag color={STATE_COLOURS[s]}>{t(`versions.states.${s}`)}</Tag>,
    },
    {
      title: t('versions.releasedAt'),
      dataIndex: 'releasedAt',
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    { title: t('versions.engines'), dataIndex: 'engines', align: 'right' },
    {
      title: t('versions.customers'),
      dataIndex: 'customers',
      align: 'right',
      render: (n: number, v) =>
        n ? (
          <Button
            type="link"
            size="small"
            aria-label={t('versions.usersTitle', { engine: v.kind, number: v.number })}
            onClick={() => setUsersOf(v)}
          >
            {n}
          </Button>
        ) : (
          0
        ),
    },
    { title: t('versions.installers'), dataIndex: 'installers', align: 'right' },
    {
      title: t('versions.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, v) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(v)}>
            {t('versions.edit')}
          </Button>
          {VERSION_MOVES[v.state].map((to) =>
            to === 'withdrawn' ? (
              <Popconfirm
                key={to}
                title={t('versions.withdrawTitle', { number: v.number })}
                description={t('versions.withdrawHint')}
                okText={t('versions.moves.withdrawn')}
                cancelText={tc('actions.cancel')}
                onConfirm={() => moveTo(v, to)}
              >
                <Button type="link" size="small" danger>
                  {t('versions.moves.withdrawn')}
                </Button>
              </Popconfirm>
            ) : (
              <Button key={to} type="link" size="small" onClick={() => void moveTo(v, to)}>
                {t(`versions.moves.${to}`)}
              </Button>
            ),
          )}
          {v.state === 'draft' && (
            <Popconfirm
              title={t('versions.deleteTitle', { number: v.number })}
              okText={t('versions.delete')}
              cancelText={tc('actions.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync({ id: v.id, successText: t('versions.deleted') })
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger>
                {t('versions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const filtered = !!keyword.trim() || !!kind || !!state;
  return (
    <ListPage<VersionRow>
      plain
      title={tm('saVersions')}
      intro={t('versions.intro')}
      add={{ label: t('versions.create'), onClick: () => setEditing(null) }}
      filters={
        <>
          <Input.Search
            aria-label={t('versions.search')}
            placeholder={t('versions.search')}
            allowClear
            enterButton={tp('actions.search')}
            style={{ maxWidth: 320 }}
            onSearch={(value) => {
              setKeyword(value);
              paging.reset();
            }}
          />
          <Select
            aria-label={t('versions.kind')}
            placeholder={t('versions.kind')}
            allowClear
            style={{ width: 140 }}
            value={kind}
            onChange={(k) => {
              setKind(k);
              paging.reset();
            }}
            options={ENGINE_KINDS.map((k) => ({ value: k, label: k }))}
          />
          <Select
            aria-label={t('versions.state')}
            placeholder={t('versions.state')}
            allowClear
            style={{ width: 140 }}
            value={state}
            onChange={(s) => {
              setState(s);
              paging.reset();
            }}
            options={VERSION_STATES.map((s) => ({ value: s, label: t(`versions.states.${s}`) }))}
          />
        </>
      }
      query={query}
      paging={paging}
      columns={columns}
      loadFailed={t('versions.loadFailed')}
      emptyText={filtered ? t('versions.emptySearch') : t('versions.empty')}
    >
      {editing !== undefined && (
        <VersionEditModal version={editing} onClose={() => setEditing(undefined)} />
      )}
      <VersionUsersDrawer version={usersOf} onClose={() => setUsersOf(undefined)} />
    </ListPage>
  );
}
