import { useTranslation } from 'react-i18next';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { roleAndDuty } from './audit-who.ts';

/** An entry's "role (duty)" cell in the page's language (roleAndDuty). */
export function useRoleAndDuty() {
  const { t } = useTranslation('adminAudit');
  const roleName = useRoleName();
  return (e: Pick<TAuditItem, 'roleName' | 'roleKey' | 'dutyLabel'>) =>
    roleAndDuty(roleName({ name: e.roleName, key: e.roleKey }), e.dutyLabel, (parts) =>
      t('audit.roleAndDuty', parts),
    );
}
