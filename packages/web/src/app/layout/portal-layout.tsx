import { useEffect, useState } from 'react';
import { LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from '../../features/account/components/change-password-modal.tsx';
import { logout } from '../../features/auth/api/logout.ts';
import { useTenantInfo } from '../../features/tenant/api/get-tenant-info.ts';
import { loginRedirect } from '../../lib/auth-paths.ts';
import { useSession } from '../../lib/use-session.ts';
import { portalRoutes } from '../routes/portal-routes.ts';
import { BasicLayout } from './basic-layout.tsx';
import { menuEntries } from './menu-entries.ts';
import type { UserAction } from './user-dropdown.tsx';

const menu = menuEntries(portalRoutes, 'portal');

/** The signed-in company's shell: portal menu, change password and logout. */
export default function PortalLayout() {
  const { t } = useTranslation('layout');
  const { company } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const tenant = useTenantInfo();
  const [changingPassword, setChangingPassword] = useState(false);

  // Signed out elsewhere (another tab, an expired session): leave the protected page.
  useEffect(() => {
    if (!company) void navigate(loginRedirect('portal', location.pathname + location.search));
  }, [company, navigate, location.pathname, location.search]);

  const actions: UserAction[] = [
    {
      key: 'password',
      label: t('changePassword'),
      icon: <LockOutlined />,
      onClick: () => setChangingPassword(true),
    },
    {
      key: 'logout',
      label: t('logout'),
      icon: <LogoutOutlined />,
      danger: true,
      onClick: () => void logout().then(() => navigate('/login')),
    },
  ];

  return (
    <BasicLayout menu={menu} homePath="/myauth" account={company?.email} userActions={actions}>
      <Outlet />
      <ChangePasswordModal
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
        policy={tenant.data?.loginSet?.pwdMatch}
      />
    </BasicLayout>
  );
}
