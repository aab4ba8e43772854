import { useEffect, useState } from 'react';
import { Alert, Button, Space, Switch, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { setLogRules } from '@edp/shared/api/console/logs.calls';
import { LOG_RULES_MAX } from '@edp/shared/contracts/log-values';
import type { TLogRule } from '@edp/shared/contracts/logs';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';
import { useLogWord } from '../../admin-common/components/log-labels.tsx';
import '../../admin-common/lib/admin-locales.ts';
import '../../admin-common/lib/log-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useLogRules, useSetLogRules } from '../api/logs.ts';
import { LogRuleForm } from '../components/log-rule-form.tsx';
import { UnsavedGuard } from '../components/unsaved-guard.tsx';
import '../components/admin-logs.css';
import { isChanged, moved, rulesOf, withKey, withKeys, type DraftRule } from '../lib/rule-list.ts';

const THEN_COLOR = { keep: TAG.ok, drop: TAG.muted, alert: TAG.bad } as const;

/** What a rule matches, in words: "kind Access control · path /etc/**". */
function useSummary() {
  const { t } = useTranslation('adminLogs');
  const word = useLogWord();
  return (r: TLogRule) => {
    const parts = [
      r.kind !== 'any' && t('rules.summaryKind', { value: word('kind', r.kind) }),
      r.action !== 'any' && t('rules.summaryAction', { value: word('action', r.action) }),
      r.outcome !== 'any' && t('rules.summaryOutcome', { value: word('outcome', r.outcome) }),
      r.program && t('rules.summaryProgram', { value: r.program }),
      r.path && t('rules.summaryPath', { value: r.path }),
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('rules.summaryAll');
  };
}

/** The first-match order, the default and when a change applies; then the glob syntax. */
function RulesHelp() {
  const { t } = useTranslation('adminLogs');
  return (
    <>
      <p>{t('rules.intro')}</p>
      <Alert
        type="info"
        showIcon
        className="log-rules-help"
        style={{ marginBottom: 16 }}
        title={t('rules.globTitle')}
        description={
          <ul>
            <li>{t('rules.globStar')}</li>
            <li>{t('rules.globDouble')}</li>
            <li>{t('rules.globOne')}</li>
            <li>{t('rules.globSet')}</li>
            <li>{t('rules.globBase')}</li>
            <li>{t('rules.globEmpty')}</li>
          </ul>
        }
      />
    </>
  );
}

/**
 * Log filtering rules (/admin/settings/log-rules, system configuration): the ordered rules,
 * switched on and off in place, added and edited in a dialog, moved up and down, deleted after a
 * question, and saved all at once; the change applies to new events and is audited.
 */
export default function AdminLogRulesPage() {
  const { t } = useTranslation('adminLogs');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const mayWrite = useMayCall(setLogRules);
  const saved = useLogRules();
  const save = useSetLogRules();
  const summary = useSummary();
  const [draft, setDraft] = useState<DraftRule[]>([]);
  const [editing, setEditing] = useState<DraftRule | 'new'>();
  // The draft starts from what the server holds, and again after each save.
  useEffect(() => {
    if (saved.data) setDraft(withKeys(saved.data.rules));
  }, [saved.data]);
  const changed = !!saved.data && isChanged(draft, saved.data.rules);
  const full = draft.length >= LOG_RULES_MAX;

  const update = (key: number, patch: Partial<TLogRule>) =>
    setDraft((d) => d.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const saveAll = () =>
    save.mutateAsync({ rules: rulesOf(draft) }).then(
      () => toastSuccess(t('rules.saved')),
      () => undefined,
    );

  const columns: ColumnsType<DraftRule> = [
    { title: t('rules.order'), key: 'order', render: (_, _r, i) => i + 1 },
    { title: t('rules.name'), dataIndex: 'name', className: 'admin-table__name' },
    {
      title: t('rules.enabled'),
      key: 'enabled',
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          disabled={!mayWrite}
          aria-label={t('rules.enabledOf', { name: r.name })}
          onChange={(enabled) => update(r.key, { enabled })}
        />
      ),
    },
    {
      title: t('rules.match'),
      key: 'match',
      render: (_, r) => <span className="log-path">{summary(r)}</span>,
    },
    {
      title: t('rules.then'),
      dataIndex: 'then',
      render: (then: TLogRule['then']) => (
        <Tag color={THEN_COLOR[then]}>{t(`rules.thens.${then}`)}</Tag>
      ),
    },
  ];
  if (mayWrite)
    columns.push({
      title: t('columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, r, i) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            aria-label={t('rules.moveUpOf', { name: r.name })}
            title={t('rules.moveUp')}
            onClick={() => setDraft((d) => moved(d, i, -1))}
          />
          <Button
            type="link"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={i === draft.length - 1}
            aria-label={t('rules.moveDownOf', { name: r.name })}
            title={t('rules.moveDown')}
            onClick={() => setDraft((d) => moved(d, i, 1))}
          />
          <Button
            type="link"
            size="small"
            aria-label={t('rules.editOf', { name: r.name })}
            onClick={() => setEditing(r)}
          >
            {ta('actions.edit')}
          </Button>
          <ConfirmDeleteButton
            label={r.name}
            name={r.name}
            onConfirm={async () => setDraft((d) => d.filter((x) => x.key !== r.key))}
          />
        </Space>
      ),
    });

  const data = saved.data;
  return (
    <PageContainer
      title={tm('adminLogRules')}
      extra={
        mayWrite && (
          <Space wrap>
            <Button icon={<PlusOutlined />} disabled={full} onClick={() => setEditing('new')}>
              {t('rules.add')}
            </Button>
            <Button
              type="primary"
              disabled={!changed}
              loading={save.isPending}
              onClick={() => void saveAll()}
            >
              {t('rules.save')}
            </Button>
          </Space>
        )
      }
    >
      <UnsavedGuard when={changed && mayWrite} />
      <RulesHelp />
      {!mayWrite && (
        <Alert type="info" showIcon title={ta('readOnly')} style={{ marginBottom: 16 }} />
      )}
      {saved.isError && (
        <LoadError
          title={t('rules.loadFailed')}
          error={saved.error}
          onRetry={() => void saved.refetch()}
        />
      )}
      {data && (
        <p className="log-muted">
          {data.updatedBy && data.updatedAt
            ? t('rules.updated', { who: data.updatedBy, at: formatTime(data.updatedAt) })
            : t('rules.never')}
        </p>
      )}
      {changed && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={t('rules.unsaved')}
          action={
            <Button size="small" onClick={() => data && setDraft(withKeys(data.rules))}>
              {t('rules.discard')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {full && mayWrite && (
        <p className="log-muted">{t('rules.tooMany', { max: LOG_RULES_MAX })}</p>
      )}
      <ListTable<DraftRule>
        rowKey="key"
        columns={columns}
        dataSource={draft}
        loading={saved.isFetching}
        emptyText={t('rules.empty')}
      />
      {editing && (
        <LogRuleForm
          rule={editing === 'new' ? undefined : editing}
          taken={draft.filter((r) => r !== editing).map((r) => r.name)}
          onCancel={() => setEditing(undefined)}
          onSave={(rule) => {
            setDraft((d) =>
              editing === 'new'
                ? [...d, withKey(rule)]
                : d.map((r) => (r.key === editing.key ? { ...rule, key: r.key } : r)),
            );
            setEditing(undefined);
          }}
        />
      )}
    </PageContainer>
  );
}
