import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ackSetSettings } from '@edp/shared/api/console/ack.calls';
import type { AckKind, AckState, TAckItem } from '@edp/shared/contracts/elevation';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCheck, useReviewList, useReviewSettings, useSaveSettings } from '../api/elevation.ts';
import { PhaseTag } from './elevation-labels.tsx';
import { useWindowWords } from '../lib/window-words.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../../admin-common/lib/admin-locales.ts';
import '../lib/locales.ts';
import { ReviewActions } from './review-actions.tsx';
import '../../admin-common/components/console-parts.css';
import './review.css';

type StateFilter = AckState | 'all';

/** Approve or dismiss one request, with a note; the server has the last word on who may. */
function ReviewModal({
  item,
  approve,
  onClose,
}: {
  item: TAckItem;
  approve: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminElevation');
  const { t: ta } = useTranslation('admin');
  const words = useWindowWords();
  const [form] = Form.useForm<{ reason: string }>();
  const check = useCheck();
  const kind = t(`kinds.${item.kind}`);
  return (
    <Modal
      open
      title={t('review.title', { device: item.deviceName, kind })}
      okText={approve ? t('review.approve') : t('review.dismiss')}
      okButtonProps={{ danger: !approve }}
      cancelText={ta('actions.cancel')}
      confirmLoading={check.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <p>
        {approve
          ? t('review.approveConfirm', { window: words(item.windowS), kind })
          : t('review.dismissConfirm')}
      </p>
      <p className="review-reason">
        {t('columns.reason')}
        {t('colon')}
        {item.reason}
      </p>
      <Form
        form={form}
        layout="vertical"
        name="ack-review"
        onFinish={({ reason }) =>
          // A refusal (reviewed meanwhile, one's own by proxy) was shown by the HTTP client in
          // the reader's language; the dialog stays open.
          check.mutateAsync({ id: item.id, approve, reason: reason.trim() }).then(
            () => {
              toastSuccess(
                t(approve ? 'review.approved' : 'review.dismissed', { device: item.deviceName }),
              );
              onClose();
            },
            () => undefined,
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('review.reason')}
          rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The review settings: the longest window and how long a request waits (`/ack/s/set`). */
function SettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminElevation');
  const [form] = Form.useForm<{ maxMinutes: number; pendingExpiryHours: number }>();
  const settings = useReviewSettings(true);
  const save = useSaveSettings();
  if (!settings.data) return null;
  return (
    <FormModal
      open
      title={t('settings.title')}
      form={form}
      name="ack-settings"
      pending={save.isPending}
      onCancel={onClose}
      initialValues={{
        maxMinutes: Math.round(settings.data.maxWindowS / 60),
        pendingExpiryHours: settings.data.pendingExpiryHours,
      }}
      onSubmit={async (v) => {
        await save.mutateAsync({
          maxWindowS: v.maxMinutes * 60,
          pendingExpiryHours: v.pendingExpiryHours,
        });
        toastSuccess(t('settings.saved'));
        onClose();
      }}
    >
      <Form.Item
        name="maxMinutes"
        label={t('settings.maxWindow')}
        extra={t('settings.maxWindowHelp')}
        rules={[{ required: true }]}
      >
        <InputNumber min={1} max={43_200} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="pendingExpiryHours"
        label={t('settings.expiry')}
        extra={t('settings.expiryHelp')}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={720} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * The reviewer's list of one kind of request (elevation or learning mode; SPEC §4 pending,
 * approved, rejected): newest first in keyset pages, each pending one approved or dismissed
 * with a note. The auditor's; nobody reviews their own, by proxy included: the buttons are
 * disabled with the server's reason (ReviewActions), and the server refuses it anyway.
 */
export function ReviewPage({ kind, title }: { kind: AckKind; title: string }) {
  const { t } = useTranslation('adminElevation');
  const words = useWindowWords();
  const maySet = useMayCall(ackSetSettings);
  const [state, setState] = useState<StateFilter>('pending');
  // Keyset pages: the cursors of the pages before, to go back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const list = useReviewList({
    kind,
    ...(state === 'all' ? {} : { state }),
    ...(cursor ? { cursor } : {}),
  });
  const [reviewing, setReviewing] = useState<{ item: TAckItem; approve: boolean }>();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const columns: ColumnsType<TAckItem> = [
    {
      title: t('columns.device'),
      dataIndex: 'deviceName',
      className: 'admin-table__name',
    },
    { title: t('columns.askedBy'), key: 'askedBy', render: (_, r) => r.askedBy.account },
    { title: t('columns.window'), key: 'window', render: (_, r) => words(r.windowS) },
    {
      title: t('columns.reason'),
      dataIndex: 'reason',
      render: (reason: string) => <span className="review-reason">{reason}</span>,
    },
    {
      title: t('columns.askedAt'),
      dataIndex: 'askedAt',
      render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
    },
    {
      title: t('columns.phase'),
      key: 'phase',
      render: (_, r) => <PhaseTag phase={r.phase} />,
    },
    {
      title: t('columns.reviewer'),
      key: 'reviewer',
      render: (_, r) =>
        r.reviewedBy ? (
          <>
            {r.reviewedBy.account}
            {r.reviewReason && <div className="review-reason">{r.reviewReason}</div>}
          </>
        ) : r.withdrawnBy ? (
          t('review.withdrawnBy', { account: r.withdrawnBy.account })
        ) : (
          '—'
        ),
    },
    {
      title: t('columns.validUntil'),
      key: 'validUntil',
      render: (_, r) => <span className="device-time">{formatTime(r.validUntil)}</span>,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, r) => (
        <ReviewActions item={r} onReview={(approve) => setReviewing({ item: r, approve })} />
      ),
    },
  ];

  const next = list.data?.next ?? null;
  return (
    <ListPage<TAckItem>
      title={title}
      intro={kind === 'elevation' ? t('review.elevationIntro') : t('review.learningIntro')}
      actions={
        maySet && (
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
            {t('settings.open')}
          </Button>
        )
      }
      filters={
        <Radio.Group
          aria-label={t('review.filterState')}
          optionType="button"
          value={state}
          onChange={(e) => {
            setState(e.target.value as StateFilter);
            setCursors([undefined]);
          }}
          options={(['pending', 'approved', 'rejected', 'all'] as const).map((s) => ({
            value: s,
            label: t(`states.${s}`),
          }))}
        />
      }
      loadFailed={t('review.loadFailed')}
      query={list}
      columns={columns}
      emptyText={state === 'all' ? t('review.empty') : t('review.emptyFiltered')}
    >
      <nav className="review-pager" aria-label={t('review.pageOf', { page: cursors.length })}>
        <Button
          disabled={cursors.length === 1 || list.isFetching}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {t('review.previous')}
        </Button>
        <span aria-live="polite">{t('review.pageOf', { page: cursors.length })}</span>
        <Button
          disabled={!next || list.isFetching}
          onClick={() => next && setCursors((c) => [...c, next])}
        >
          {t('review.next')}
        </Button>
      </nav>
      {reviewing && (
        <ReviewModal
          item={reviewing.item}
          approve={reviewing.approve}
          onClose={() => setReviewing(undefined)}
        />
      )}
      {settingsOpen && <SettingsModal onClose={() => setSettingsOpen(false)} />}
    </ListPage>
  );
}
