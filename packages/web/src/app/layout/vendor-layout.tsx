import { useEffect } from 'react';
import { LogoutOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vendorLogout } from '../../features/super-admin/api/vendor-logout.ts';
import { LOGIN_PATH, loginRedirect } from '../../lib/auth-paths.ts';
import { useVendorSession } from '../../lib/vendor-session.ts';
import { vendorRoutes } from '../routes/vendor-routes.ts';
import { BasicLayout } from './basic-layout.tsx';
import { menuEntries } from './menu-entries.ts';

const menu = menuEntries(vendorRoutes, 'vendor');

/** The vendor's super administrator shell (/sa): packages, companies, tenants, settings, logout. */
export default function VendorLayout() {
  const { t } = useTranslation('layout');
  const vendor = useVendorSession();
  const navigate = useNavigate();
  const location = useLocation();

  // Signed out elsewhere (another tab, an expired session): leave the protected page.
  useEffect(() => {
    if (!vendor) void navigate(loginRedirect('vendor', location.pathname + location.search));
  }, [vendor, navigate, location.pathname, location.search]);

  return (
    <BasicLayout
      menu={menu}
      homePath="/sa"
      account={vendor?.account}
      userActions={[
        {
          key: 'logout',
          label: t('logout'),
          icon: <LogoutOutlined />,
          danger: true,
          onClick: () => void vendorLogout().then(() => navigate(LOGIN_PATH.vendor)),
        },
      ]}
    >
      <Outlet />
    </BasicLayout>
  );
}
