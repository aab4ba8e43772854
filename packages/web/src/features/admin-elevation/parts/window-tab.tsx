import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, InputNumber, Modal, Space, Spin, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { askElevation, myAckList } from '@edp/shared/api/console/ack.calls';
import type { TLearnedProgram } from '@edp/shared/contracts/commands';
import type { AckKind, TAckItem } from '@edp/shared/contracts/elevation';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { WINDOW_MAX_S, windowSeconds } from '@edp/shared/ack-window';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  useAdjust,
  useAsk,
  useAuthoriseLearned,
  useEndLearning,
  useLearned,
  useMine,
} from '../api/elevation.ts';
import { PhaseTag } from '../components/elevation-labels.tsx';
import { useWindowWords } from '../lib/window-words.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../lib/locales.ts';
import { SyncAlert } from '../../admin-common/components/sync-alert.tsx';
import { WithdrawRequest } from '../components/withdraw-request.tsx';

interface Window {
  days?: number | null;
  hours?: number | null;
  minutes?: number | null;
  seconds?: number | null;
}
const clean = (w: Window) => ({
  days: w.days ?? 0,
  hours: w.hours ?? 0,
  minutes: w.minutes ?? 0,
  seconds: w.seconds ?? 0,
});

/** Days, hours, minutes and seconds (SPEC §9), one labelled group; `min` seconds in all. */
function WindowFields({ name, min }: { name: string; min: number }) {
  const { t } = useTranslation('adminElevation');
  const parts = [
    ['days', 30],
    ['hours', 23],
    ['minutes', 59],
    ['seconds', 59],
  ] as const;
  return (
    <Form.Item
      label={t('device.windowLabel')}
      required
      name={name}
      rules={[
        {
          validator: (_, w: Window | undefined) => {
            const s = windowSeconds(clean(w ?? {}));
            return s >= min && s <= WINDOW_MAX_S
              ? Promise.resolve()
              : Promise.reject(new Error(t('device.windowRequired')));
          },
        },
      ]}
    >
      <WindowInput parts={parts} />
    </Form.Item>
  );
}

function WindowInput({
  parts,
  value,
  onChange,
  id,
}: {
  parts: readonly (readonly ['days' | 'hours' | 'minutes' | 'seconds', number])[];
  value?: Window;
  onChange?: (w: Window) => void;
  id?: string;
}) {
  const { t } = useTranslation('adminElevation');
  return (
    <Space wrap id={id} role="group">
      {parts.map(([key, max]) => (
        <InputNumber
          key={key}
          min={0}
          max={max}
          precision={0}
          value={value?.[key] ?? null}
          aria-label={t(`device.${key}`)}
          suffix={t(`device.${key}`)}
          style={{ width: 120 }}
          onChange={(v) => onChange?.({ ...value, [key]: v })}
        />
      ))}
    </Space>
  );
}

function AskForm({ device, kind }: { device: TDeviceDetail; kind: AckKind }) {
  const { t } = useTranslation('adminElevation');
  const [form] = Form.useForm<{ window: Window; reason: string }>();
  const ask = useAsk(kind);
  const running = device.status === 'running';
  return (
    <section aria-labelledby={`ask-${kind}`}>
      <h2 id={`ask-${kind}`} className="task-detail__section">
        {t(`device.ask.${kind}`)}
      </h2>
      <Form
        form={form}
        layout="vertical"
        name={`ask-${kind}`}
        initialValues={{ window: { hours: 1 } }}
        disabled={!running}
        onFinish={(v) =>
          // A refusal (one open already, longer than allowed) was shown by the HTTP client.
          ask
            .mutateAsync({ deviceId: device.id, window: clean(v.window), reason: v.reason.trim() })
            .then(
              () => {
                toastSuccess(t('device.asked'));
                form.resetFields(['reason']);
              },
              () => undefined,
            )
        }
        style={{ maxWidth: 640 }}
      >
        <WindowFields name="window" min={1} />
        <Form.Item
          name="reason"
          label={t('device.reason')}
          rules={[{ required: true, whitespace: true, message: t('device.reasonRequired') }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={ask.isPending}>
          {t('device.submit')}
        </Button>
      </Form>
    </section>
  );
}

/** Adjust a running window: its new length from now, never past what was approved. */
function AdjustModal({ item, onClose }: { item: TAckItem; onClose: () => void }) {
  const { t } = useTranslation('adminElevation');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<{ window: Window }>();
  const adjust = useAdjust();
  const [error, setError] = useState<Error>();
  return (
    <Modal
      open
      title={t('device.adjustTitle')}
      okText={t('device.adjust')}
      cancelText={ta('actions.cancel')}
      confirmLoading={adjust.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <p>{t('device.adjustHelp')}</p>
      {adjust.isPending && <p role="status">{t('device.waiting')}</p>}
      {error && <SyncAlert error={error} />}
      <Form
        form={form}
        layout="vertical"
        name="adjust-window"
        initialValues={{ window: { minutes: 10 } }}
        onFinish={async (v) => {
          setError(undefined);
          try {
            const done = await adjust.mutateAsync({ id: item.id, window: clean(v.window) });
            toastSuccess(t('device.adjusted', { at: formatTime(done.validUntil) }));
            onClose();
          } catch (e) {
            setError(e as Error);
          }
        }}
      >
        <WindowFields name="window" min={0} />
      </Form>
    </Modal>
  );
}

/** The caller's requests of one kind on this device, with what a running one allows. */
function MyRequests({ device, kind }: { device: TDeviceDetail; kind: AckKind }) {
  const { t } = useTranslation('adminElevation');
  const { t: ta } = useTranslation('admin');
  const words = useWindowWords();
  const mine = useMine({ deviceId: device.id, kind, pageSize: 10 });
  const adjust = useAdjust();
  const endLearning = useEndLearning();
  const [modal, holder] = Modal.useModal();
  const [adjusting, setAdjusting] = useState<TAckItem>();
  const [error, setError] = useState<Error>();

  const end = async (r: TAckItem) => {
    const learning = kind === 'learning';
    const sure = await modal.confirm({
      title: t(learning ? 'device.endLearningTitle' : 'device.endElevationTitle'),
      content: t(learning ? 'device.endLearningContent' : 'device.endElevationContent'),
      okText: t(learning ? 'device.endLearning' : 'device.endElevation'),
      cancelText: ta('actions.cancel'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    setError(undefined);
    try {
      if (learning) await endLearning.mutateAsync(r.id);
      else await adjust.mutateAsync({ id: r.id, window: {} });
      toastSuccess(t('device.ended'));
    } catch (e) {
      setError(e as Error);
    }
  };

  const busy = adjust.isPending || endLearning.isPending;
  return (
    <section aria-labelledby={`mine-${kind}`}>
      {holder}
      <h2 id={`mine-${kind}`} className="task-detail__section">
        {t('device.mine')}
      </h2>
      {busy && <p role="status">{t('device.waiting')}</p>}
      {error && <SyncAlert error={error} />}
      {mine.isError && (
        <Alert
          type="error"
          showIcon
          title={t('device.loadFailed')}
          description={mine.error.message}
          action={<Button onClick={() => void mine.refetch()}>{t('retry')}</Button>}
        />
      )}
      <Table<TAckItem>
        className="admin-table"
        rowKey="id"
        size="small"
        pagination={false}
        loading={mine.isFetching && !mine.data}
        dataSource={mine.data?.list ?? []}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.mineEmpty')} />
          ),
        }}
        columns={[
          {
            title: t('columns.phase'),
            key: 'phase',
            render: (_, r) => <PhaseTag phase={r.phase} />,
          },
          { title: t('columns.window'), key: 'window', render: (_, r) => words(r.windowS) },
          {
            title: t('columns.askedAt'),
            dataIndex: 'askedAt',
            render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
          },
          {
            title: t('columns.validUntil'),
            key: 'validUntil',
            render: (_, r) => <span className="device-time">{formatTime(r.validUntil)}</span>,
          },
          {
            title: t('columns.reviewer'),
            key: 'reviewer',
            render: (_, r) =>
              r.reviewedBy
                ? `${r.reviewedBy.account}${r.reviewReason ? t('colon') + r.reviewReason : ''}`
                : '—',
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            className: 'admin-table__actions',
            render: (_, r) =>
              r.phase === 'pending' ? (
                <WithdrawRequest item={r} device={device.name} />
              ) : r.phase === 'active' ? (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    disabled={busy}
                    aria-label={t('device.adjustOf', { device: device.name })}
                    onClick={() => setAdjusting(r)}
                  >
                    {t('device.adjust')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={busy}
                    onClick={() => void end(r)}
                  >
                    {kind === 'learning' ? t('device.endLearning') : t('device.endElevation')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {adjusting && <AdjustModal item={adjusting} onClose={() => setAdjusting(undefined)} />}
    </section>
  );
}

/** What learning mode recorded, read on request, and authorised in one step. */
function LearnedPrograms({ device }: { device: TDeviceDetail }) {
  const { t } = useTranslation('adminElevation');
  const { t: ta } = useTranslation('admin');
  const [asked, setAsked] = useState(false);
  const running = device.status === 'running';
  const learned = useLearned(device.id, running && asked);
  const authorise = useAuthoriseLearned(device.id);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<Error>();
  const [refused, setRefused] = useState<{ path: string; code: number }[]>([]);
  const [modal, holder] = Modal.useModal();

  const go = async () => {
    const sure = await modal.confirm({
      title: t('learned.authoriseTitle', { count: selected.length }),
      content: t('learned.authoriseContent'),
      okText: t('learned.authorise'),
      cancelText: ta('actions.cancel'),
    });
    if (!sure) return;
    setError(undefined);
    try {
      const done = await authorise.mutateAsync(selected);
      setRefused(done.refused);
      setSelected([]);
      toastSuccess(t('learned.done', { count: done.authorised.length }));
    } catch (e) {
      setError(e as Error);
    }
  };

  let body = null;
  if (asked && learned.isFetching)
    body = (
      <Spin>
        <p role="status" style={{ padding: 24, textAlign: 'center' }}>
          {t('device.waiting')}
        </p>
      </Spin>
    );
  else if (asked && learned.isError)
    body = <SyncAlert error={learned.error} onRetry={() => void learned.refetch()} />;
  else if (asked && learned.data)
    body = (
      <>
        {learned.data.learning && (
          <p role="status">
            {t('learned.learning', { at: formatTime(learned.data.learning.validUntil) })}
          </p>
        )}
        <Table<TLearnedProgram>
          className="admin-table"
          rowKey="path"
          size="small"
          pagination={false}
          dataSource={learned.data.programs}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (p) => ({
              disabled: p.authorised,
              'aria-label': t('learned.select', { path: p.path }),
            }),
          }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('learned.empty')} />
            ),
          }}
          columns={[
            {
              title: t('learned.program'),
              dataIndex: 'path',
              render: (p: string) => <span className="task-path">{p}</span>,
            },
            {
              title: t('learned.sha256'),
              dataIndex: 'sha256',
              render: (s: string) => <span className="task-path">{s.slice(0, 16)}…</span>,
            },
            {
              title: t('learned.folders'),
              dataIndex: 'folders',
              render: (f: string[]) => <span className="task-path">{f.join(', ')}</span>,
            },
            {
              title: t('learned.lastSeen'),
              dataIndex: 'lastSeen',
              render: (at: string) => <span className="device-time">{formatTime(at)}</span>,
            },
            {
              title: t('learned.authorised'),
              dataIndex: 'authorised',
              render: (a: boolean) => (a ? t('learned.yes') : t('learned.no')),
            },
          ]}
        />
        <div className="device-toolbar" style={{ marginTop: 12 }}>
          <Button
            type="primary"
            disabled={!selected.length}
            loading={authorise.isPending}
            onClick={() => void go()}
          >
            {t('learned.authoriseSelected')}
          </Button>
        </div>
      </>
    );

  return (
    <section aria-labelledby="learned-programs">
      {holder}
      <h2 id="learned-programs" className="task-detail__section">
        {t('learned.title')}
      </h2>
      <div className="device-toolbar">
        <Button
          icon={<ReloadOutlined />}
          disabled={!running || learned.isFetching}
          onClick={() => {
            setError(undefined);
            setRefused([]);
            if (asked) void learned.refetch();
            else setAsked(true);
          }}
        >
          {asked ? t('learned.reload') : t('learned.load')}
        </Button>
      </div>
      {error && <SyncAlert error={error} />}
      {refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={refused
            .map((r) => t('learned.refused', { path: r.path, reason: String(r.code) }))
            .join('；')}
        />
      )}
      {body}
    </section>
  );
}

/**
 * The device detail's elevation or learning-mode tab (issue 24): ask for a window (pending
 * review by an auditor), the caller's requests on this device with their state and window,
 * withdraw a pending one, adjust or end a running one; for learning mode, what it recorded,
 * authorised in one step.
 */
export function WindowTab({ device, kind }: { device: TDeviceDetail; kind: AckKind }) {
  const { t } = useTranslation('adminElevation');
  const mayAsk = useMayCall(askElevation);
  const mayRead = useMayCall(myAckList);
  return (
    <div className="window-tab">
      <p>{kind === 'elevation' ? t('device.elevationIntro') : t('device.learningIntro')}</p>
      {!mayAsk && <Alert type="info" showIcon title={t('device.readOnly')} />}
      {mayAsk && <AskForm device={device} kind={kind} />}
      {mayRead && <MyRequests device={device} kind={kind} />}
      {mayAsk && kind === 'learning' && <LearnedPrograms device={device} />}
    </div>
  );
}
