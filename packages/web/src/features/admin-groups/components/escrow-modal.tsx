import { useEffect } from 'react';
import { Button, Form, Popconfirm, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import type { TGroupItem } from '@edp/shared/contracts/user';
import { escrowTargets } from '../../admin-common/lib/group-tree.ts';
import { useEscrowGroup } from '../api/escrow-group.ts';
import { useRemoveEscrow } from '../api/remove-escrow.ts';

type Mode = 'tiered' | 'sibling';

interface EscrowModalProps {
  group?: TGroupItem;
  groups: readonly TGroupItem[];
  onClose: () => void;
}

/** A group's device escrow: tiered (to an ancestor) or sibling (same parent), or none. */
export function EscrowModal({ group, groups, onClose }: EscrowModalProps) {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<{ mode: Mode; toGroupId: string }>();
  const mode = Form.useWatch('mode', form) ?? 'tiered';
  const escrow = useEscrowGroup();
  const remove = useRemoveEscrow();
  const targets = group ? escrowTargets(groups, group, mode) : [];

  useEffect(() => {
    if (!group) return;
    form.resetFields();
    form.setFieldsValue(group.escrow ?? { mode: 'tiered' });
  }, [group, form]);

  const submit = async (values: { mode: Mode; toGroupId: string }) => {
    if (!group) return;
    await escrow.mutateAsync({ id: group.id, ...values });
    onClose();
  };

  const removeButton = group?.escrow && (
    <Popconfirm
      title={t('groups.removeEscrow')}
      description={t('groups.removeEscrowConfirm', { name: group.name })}
      okText={ta('confirm.ok')}
      cancelText={ta('actions.cancel')}
      onConfirm={() => remove.mutateAsync({ id: group.id }).then(onClose, () => undefined)}
    >
      <Button danger>{t('groups.removeEscrow')}</Button>
    </Popconfirm>
  );

  return (
    <FormModal
      open={!!group}
      title={t('groups.escrowTitle', { name: group?.name ?? '' })}
      form={form}
      name="escrow-form"
      pending={escrow.isPending}
      onCancel={onClose}
      onSubmit={submit}
      after={removeButton}
    >
      <Form.Item name="mode" label={t('groups.escrowMode')}>
        <Radio.Group
          onChange={() => form.setFieldValue('toGroupId', undefined)}
          options={[
            { value: 'tiered', label: t('groups.tiered') },
            { value: 'sibling', label: t('groups.sibling') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="toGroupId"
        label={t('groups.escrowTarget')}
        rules={[{ required: true, message: t('groups.escrowTarget') }]}
      >
        <Select
          notFoundContent={t('groups.noTargets')}
          options={targets.map((g) => ({ value: g.id, label: g.name }))}
        />
      </Form.Item>
    </FormModal>
  );
}
