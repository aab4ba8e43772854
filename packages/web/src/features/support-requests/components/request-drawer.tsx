import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  type UploadFile,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  STATUS_MOVES,
  TEST_MOVES,
  TESTABLE_STATUSES,
  type RequestStatus,
} from '@edp/shared/contracts/support-requests-values';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import {
  useReply,
  useRequestDetail,
  useSetStatus,
  useSetTestStatus,
  type RequestDetail,
  type Side,
} from '../api/requests.ts';
import { AttachFiles, filesToSend } from './attach-files.tsx';
import { RequestFiles } from './request-files.tsx';
import { RequestTags } from '../parts/request-tags.tsx';

/**
 * One support request: its fields, its thread of questions and answers with a reply box, and on
 * the vendor's side the moves its status and test status may make now (dismissing asks why).
 */
export function RequestDrawer({
  side,
  id,
  onClose,
}: {
  side: Side;
  id: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const query = useRequestDetail(side, id);
  const r = query.data;
  return (
    <Drawer open size="large" onClose={onClose} title={r ? t('detailTitle', { no: r.no }) : ' '}>
      {query.isError && (
        <LoadError
          title={t('loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {!r && query.isPending && <Spin />}
      {r && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('title')}>{r.title}</Descriptions.Item>
            {side === 'vendor' && (
              <Descriptions.Item label={t('company')}>{r.company}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('status')}>
              <RequestTags status={r.status} testStatus={r.testStatus} overdue={r.overdue} />
            </Descriptions.Item>
            {r.statusReason && (
              <Descriptions.Item label={t('reason')}>{r.statusReason}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('project')}>{r.project || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('product')}>{r.product}</Descriptions.Item>
            <Descriptions.Item label={t('priority')}>
              {t(`priorities.${r.priority}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('expectedAt')}>
              {formatTime(r.expectedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('description')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{r.description}</span>
            </Descriptions.Item>
            {r.remarks && <Descriptions.Item label={t('remarks')}>{r.remarks}</Descriptions.Item>}
          </Descriptions>
          {side === 'vendor' && <VendorMoves request={r} />}
          <RequestFiles side={side} request={r} />
          <Thread side={side} request={r} />
        </>
      )}
    </Drawer>
  );
}

function Thread({ side, request }: { side: Side; request: RequestDetail }) {
  const { t } = useTranslation('requests');
  const reply = useReply(side);
  const [form] = Form.useForm<{ body: string; files?: UploadFile[] }>();
  const who = (m: RequestDetail['messages'][number]) =>
    m.side === side ? t('you') : m.side === 'vendor' ? t('vendorSide') : m.author;
  return (
    <section aria-labelledby="request-thread">
      <h3 id="request-thread" style={{ marginTop: 24 }}>
        {t('thread')}
      </h3>
      {request.messages.length === 0 && <p>{t('noMessages')}</p>}
      <ol className="request-thread" style={{ listStyle: 'none', padding: 0 }}>
        {request.messages.map((m) => (
          <li key={m.id} style={{ marginBottom: 12 }}>
            <strong>{who(m)}</strong> ·{' '}
            <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
            <div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div>
          </li>
        ))}
      </ol>
      <Form
        form={form}
        name="request-reply"
        layout="vertical"
        onFinish={async ({ body, files }) => {
          await reply.mutateAsync({
            id: request.id,
            body,
            files: await filesToSend(files),
            successText: t('sent'),
          });
          form.resetFields();
        }}
      >
        <Form.Item
          name="body"
          label={t('replyLabel')}
          rules={[
            { required: true, whitespace: true, message: t('required', { field: t('reply') }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
        <AttachFiles />
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {t('send')}
        </Button>
      </Form>
    </section>
  );
}

/** The vendor's moves of this request now: each allowed status, each allowed test status. */
function VendorMoves({ request }: { request: RequestDetail }) {
  const { t } = useTranslation('requests');
  const move = useSetStatus();
  const test = useSetTestStatus();
  const [dismissing, setDismissing] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const moveTo = (status: RequestStatus, reason = '') =>
    move
      .mutateAsync({
        id: request.id,
        status,
        reason,
        successText: t('moved', { status: t(`statuses.${status}`) }),
      })
      .catch(() => undefined);
  const tests = TESTABLE_STATUSES.includes(request.status)
    ? TEST_MOVES[request.testStatus ?? 'none']
    : [];
  return (
    <Space wrap style={{ marginTop: 16 }}>
      {STATUS_MOVES[request.status].map((status) =>
        status === 'dismissed' ? (
          <Button key={status} danger onClick={() => setDismissing(true)}>
            {t('moveTo', { status: t(`statuses.${status}`) })}
          </Button>
        ) : (
          <Button key={status} loading={move.isPending} onClick={() => void moveTo(status)}>
            {t('moveTo', { status: t(`statuses.${status}`) })}
          </Button>
        ),
      )}
      {tests.map((testStatus) => (
        <Button
          key={testStatus}
          loading={test.isPending}
          onClick={() =>
            void test
              .mutateAsync({
                id: request.id,
                testStatus,
                successText: t('testMoved', { status: t(`tests.${testStatus}`) }),
              })
              .catch(() => undefined)
          }
        >
          {t('testTo', { status: t(`tests.${testStatus}`) })}
        </Button>
      ))}
      {dismissing && (
        <Modal
          open
          title={t('dismissTitle', { no: request.no })}
          okText={t('moveTo', { status: t('statuses.dismissed') })}
          okButtonProps={{ danger: true }}
          confirmLoading={move.isPending}
          onOk={() => form.submit()}
          onCancel={() => setDismissing(false)}
        >
          <p>{t('dismissHint')}</p>
          <Form
            form={form}
            name="request-dismiss"
            layout="vertical"
            onFinish={async ({ reason }) => {
              await moveTo('dismissed', reason.trim());
              setDismissing(false);
            }}
          >
            <Form.Item
              name="reason"
              label={t('reason')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('required', { field: t('reason') }),
                },
              ]}
            >
              <Input.TextArea rows={3} maxLength={2_000} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Space>
  );
}
