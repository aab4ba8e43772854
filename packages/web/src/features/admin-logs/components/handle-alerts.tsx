import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alertHandlePreview, handleAlerts } from '@edp/shared/api/console/logs.calls';
import type { TAlertItem } from '@edp/shared/contracts/logs';
import { callKey } from '../../../lib/api.ts';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useLogWord } from '../../admin-common/components/log-labels.tsx';
import { previewAlerts, useHandleAlerts } from '../api/logs.ts';
import { requestOf, type LogFilter } from '../lib/log-filter.ts';

type Target = 'seen' | 'handled';

/** Seen or handled, and an optional note: what every handling asks. */
function TargetFields({ target, onTarget }: { target: Target; onTarget: (t: Target) => void }) {
  const { t } = useTranslation('adminLogs');
  const word = useLogWord();
  const limits = useFieldLimits(handleAlerts);
  return (
    <>
      <Form.Item label={t('handle.target')}>
        <Radio.Group
          aria-label={t('handle.target')}
          value={target}
          onChange={(e) => onTarget(e.target.value as Target)}
          options={(['seen', 'handled'] as const).map((s) => ({
            value: s,
            label: word('state', s),
          }))}
        />
      </Form.Item>
      <Form.Item name="note" label={t('handle.note')} rules={limits('note')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

/**
 * Marks one alert, or the selected ones, seen or handled with an optional note (`/alert/m/handle`
 * by ids); who and when are kept on each. A refusal was toasted by the HTTP client in the
 * reader's language; the dialog stays open.
 */
export function HandleModal({
  alerts,
  initial,
  onClose,
}: {
  alerts: readonly TAlertItem[];
  initial: Target;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation('adminLogs');
  const { t: ta } = useTranslation('admin');
  const word = useLogWord();
  const [form] = Form.useForm<{ note?: string }>();
  const [target, setTarget] = useState<Target>(initial);
  const handle = useHandleAlerts();
  const one = alerts.length === 1 ? alerts[0] : undefined;
  return (
    <Modal
      open
      title={one ? t('handle.titleOne') : t('handle.titleMany', { count: alerts.length })}
      okText={word('state', target)}
      cancelText={ta('actions.cancel')}
      confirmLoading={handle.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      {one && <p>{t('handle.what', { device: one.deviceName, path: one.path })}</p>}
      <Form
        form={form}
        layout="vertical"
        name="alert-handle"
        onFinish={({ note }) =>
          handle
            .mutateAsync({ ids: alerts.map((a) => a.id), state: target, note: note?.trim() ?? '' })
            .then(
              ({ count }) => {
                toastSuccess(t('handle.done', { count, state: word('state', target) }));
                onClose(true);
              },
              () => undefined,
            )
        }
      >
        <TargetFields target={target} onTarget={setTarget} />
      </Form>
    </Modal>
  );
}

/**
 * "Handle all matching": the preview first (`/alert/m/handle/preview`: how many match the page's
 * filter and the first ten), then the change by filter up to that preview (`asOf`), so an alert
 * raised meanwhile is not marked unseen by anyone.
 */
export function HandleByFilterModal({
  filter,
  onClose,
}: {
  filter: LogFilter;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation('adminLogs');
  const { t: ta } = useTranslation('admin');
  const word = useLogWord();
  const [form] = Form.useForm<{ note?: string }>();
  const [target, setTarget] = useState<Target>('handled');
  const sent = requestOf('alerts', filter);
  const preview = useQuery({
    queryKey: [...callKey(alertHandlePreview), sent],
    queryFn: () => previewAlerts({ filter: sent, state: 'seen' }),
    // Counted once when the dialog opens: the change keeps to what was shown.
    staleTime: Infinity,
    gcTime: 0,
  });
  const handle = useHandleAlerts();
  const count = preview.data?.count ?? 0;
  return (
    <Modal
      open
      title={t('preview.title')}
      okText={t('preview.confirm', { count })}
      okButtonProps={{ disabled: !count }}
      cancelText={ta('actions.cancel')}
      confirmLoading={handle.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      {preview.isPending ? (
        <div role="status">
          <p>{t('preview.counting')}</p>
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        </div>
      ) : preview.isError ? (
        <Alert type="error" showIcon role="alert" title={preview.error.message} />
      ) : count === 0 ? (
        <p role="status">{t('preview.none')}</p>
      ) : (
        <>
          <p role="status">{t('preview.count', { count, state: word('state', target) })}</p>
          <p>{t('preview.first', { count: preview.data!.sample.length })}</p>
          <ul className="log-preview">
            {preview.data!.sample.map((a) => (
              <li key={a.id}>{t('handle.what', { device: a.deviceName, path: a.path })}</li>
            ))}
          </ul>
          <p className="log-muted">{t('preview.later')}</p>
        </>
      )}
      <Form
        form={form}
        layout="vertical"
        name="alert-handle-filter"
        onFinish={({ note }) =>
          preview.data &&
          handle
            .mutateAsync({
              filter: sent,
              asOf: preview.data.asOf,
              state: target,
              note: note?.trim() ?? '',
            })
            .then(
              ({ count: done }) => {
                toastSuccess(t('handle.done', { count: done, state: word('state', target) }));
                onClose(true);
              },
              () => undefined,
            )
        }
      >
        <TargetFields target={target} onTarget={setTarget} />
      </Form>
    </Modal>
  );
}
