import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteTenant } from '../api/delete-tenant.ts';
import type { TenantRow } from '../api/get-tenants.ts';

interface TenantDeleteModalProps {
  tenant: TenantRow;
  onClose: () => void;
}

/**
 * Deleting a tenant cannot be undone and takes its whole console with it, so the dialog names
 * the tenant and what it holds, and asks for its domain typed out before it deletes. Mounted
 * only while open (see tenants-page.tsx).
 */
export function TenantDeleteModal({ tenant, onClose }: TenantDeleteModalProps) {
  const { t } = useTranslation('vendor');
  const { t: tc } = useTranslation('common');
  const remove = useDeleteTenant();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === tenant.domain;

  const confirm = async () => {
    if (!matches) return;
    try {
      await remove.mutateAsync({ id: tenant.id, successText: t('tenants.deleted') });
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <Modal
      open
      title={t('tenants.deleteTitle', { name: tenant.company })}
      okText={t('tenants.delete')}
      okButtonProps={{ danger: true, disabled: !matches }}
      cancelText={tc('actions.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={remove.isPending}
    >
      <Alert
        type="error"
        showIcon
        title={t('tenants.deleteLoss', {
          domain: tenant.domain,
          users: tenant.userCount,
          roles: tenant.roleCount,
          groups: tenant.groupCount,
        })}
        style={{ marginBottom: 16 }}
      />
      <Form layout="vertical" onFinish={() => void confirm()}>
        <Form.Item
          label={t('tenants.deleteType', { domain: tenant.domain })}
          htmlFor="tenant-delete-domain"
          validateStatus={typed && !matches ? 'error' : undefined}
          help={typed && !matches ? t('tenants.deleteMismatch') : undefined}
        >
          <Input
            id="tenant-delete-domain"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
