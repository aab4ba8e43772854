import { useState } from 'react';
import { Button, Form, Modal, Radio } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { auditRetention, setAuditRetention } from '@edp/shared/api/console/logs.calls';
import { AUDIT_RETENTION_MONTHS } from '@edp/shared/contracts/log-values';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useAuditRetention, useSaveAuditRetention } from '../api/audit-retention.ts';

type Months = (typeof AUDIT_RETENTION_MONTHS)[number];

/**
 * The audit log's retention: a button naming it beside the export, and a dialog to change it,
 * for the auditor's duty alone (the call's access says who). Shortening it asks first: older
 * entries are deleted at the next cleanup, with no backup.
 */
export function AuditRetention() {
  const { t } = useTranslation('adminAudit');
  const { t: ta } = useTranslation('admin');
  const mayRead = useMayCall(auditRetention);
  const mayWrite = useMayCall(setAuditRetention);
  const current = useAuditRetention(mayRead);
  const save = useSaveAuditRetention();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ retentionMonths: Months }>();
  const [modal, holder] = Modal.useModal();
  const months = (n: number) => t(`retention.months.${String(n) as '1' | '6' | '12' | '36'}`);
  const value = current.data?.retentionMonths;
  if (!mayRead || value === undefined) return null;

  const submit = async ({ retentionMonths }: { retentionMonths: Months }) => {
    if (retentionMonths < value) {
      const sure = await modal.confirm({
        title: t('retention.shortenTitle'),
        content: t('retention.shortenBody', {
          fromPeriod: months(value),
          toPeriod: months(retentionMonths),
        }),
        okText: t('retention.shortenOk'),
        cancelText: ta('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (!sure) return;
    }
    try {
      await save.mutateAsync({ retentionMonths });
      setOpen(false);
    } catch {
      // The HTTP client said why.
    }
  };

  return (
    <>
      {holder}
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('retention.button', { months: months(value) })}
      </Button>
      <Modal
        open={open}
        title={t('retention.title')}
        okText={t('retention.save')}
        cancelText={ta('actions.cancel')}
        okButtonProps={{ loading: save.isPending, disabled: !mayWrite }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          name="audit-retention"
          initialValues={{ retentionMonths: value }}
          disabled={!mayWrite}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="retentionMonths"
            label={t('retention.label')}
            extra={t('retention.help')}
          >
            <Radio.Group
              optionType="button"
              options={AUDIT_RETENTION_MONTHS.map((n) => ({ value: n, label: months(n) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
