import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addGroup } from '@edp/shared/api/console/groups.calls';
import { useMayCall } from '../lib/admin-user.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/**
 * What a group field says while the tenant has no group: only the system administrator makes
 * groups, so an operator on a fresh tenant learns whom to ask; a viewer who may make one gets
 * the way to the Groups page.
 */
export function NoGroupsHint() {
  const { t } = useTranslation('admin');
  const mayCreate = useMayCall(addGroup);
  return (
    <span className="no-groups-hint">
      {t('noGroups.text')}
      {mayCreate && (
        <>
          {' '}
          <Link to={adminPath('adminGroups')}>{t('noGroups.create')}</Link>
        </>
      )}
    </span>
  );
}
