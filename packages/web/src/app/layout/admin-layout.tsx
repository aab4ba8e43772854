import { useEffect } from 'react';
import { LogoutOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminLogout } from '../../features/admin-auth/api/admin-logout.ts';
import { loginRedirect } from '../../lib/auth-paths.ts';
import '../../lib/dayjs-locale.ts';
import { useSession } from '../../lib/use-session.ts';
import { adminRoutes } from '../routes/admin-routes.ts';
import { BasicLayout } from './basic-layout.tsx';
import { menuEntries } from './menu-entries.ts';

const menu = menuEntries(adminRoutes, 'admin');

/**
 * The management console's shell: the same BasicLayout with the console menu. The console
 * engineer adds the role-menu filter and the console's own user actions here.
 */
export default function AdminLayout() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!user) void navigate(loginRedirect('admin', location.pathname + location.search));
  }, [user, navigate, location.pathname, location.search]);

  return (
    <BasicLayout
      menu={menu}
      homePath="/admin"
      account={user?.email}
      userActions={[
        {
          key: 'logout',
          label: t('logout'),
          icon: <LogoutOutlined />,
          danger: true,
          onClick: () => void adminLogout().then(() => navigate('/admin/login')),
        },
      ]}
    >
      <Outlet />
    </BasicLayout>
  );
}
