import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast.ts';
import { adminLogout } from '../../features/admin-auth/api/admin-logout.ts';
import '../../features/admin-common/lib/admin-locales.ts';
import { useAdminUser } from '../../features/admin-common/lib/admin-user.ts';
import { useMyInfo } from '../../features/admin-profile/api/get-my-info.ts';
import { loginRedirect } from '../../lib/auth-paths.ts';
import { sessionStore, signInAdmin } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { adminRoutes } from '../routes/admin-routes.ts';
import { adminMenu, mayOpen } from './admin-menu.ts';
import { AdminProfileModals, type ProfileModal } from './admin-profile-modals.tsx';
import { adminUserActions } from './admin-user-actions.tsx';
import { BasicLayout } from './basic-layout.tsx';
import { menuEntries } from './menu-entries.ts';
import { adminPath } from '../../lib/admin-paths.ts';

const entries = menuEntries(adminRoutes, 'admin');

// Rarely shown, and antd's Result brings its large illustrations with it.
const AdminForbidden = lazy(() =>
  import('./admin-forbidden.tsx').then((m) => ({ default: m.AdminForbidden })),
);

/**
 * Keeps the stored user in step with the server (role, menus and proxies may change). A
 * component of its own, rendering nothing: the answer re-renders it alone, and the console
 * only when the user did change.
 */
function AdminUserRefresh() {
  const fresh = useMyInfo(true);
  useEffect(() => {
    const { token, user } = sessionStore.getSnapshot();
    if (fresh.data && token && JSON.stringify(fresh.data) !== JSON.stringify(user))
      signInAdmin(token, fresh.data);
  }, [fresh.data]);
  return null;
}

/**
 * The management console's shell: the shared BasicLayout with a menu generated from the
 * signed-in user's role menu modes (MENU_ITEMS), the profile modals and logout. A page the
 * user's duties do not open shows "no access" instead of calls the server would refuse.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const { t: tl } = useTranslation('layout');
  const { user: stored } = useSession();
  const user = useAdminUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [modal, setModal] = useState<ProfileModal>();

  useEffect(() => {
    if (!stored) void navigate(loginRedirect('admin', location.pathname + location.search));
  }, [stored, navigate, location.pathname, location.search]);

  const menus = useMemo(() => user?.menus ?? [], [user]);
  const menu = useMemo(() => adminMenu(entries, menus), [menus]);
  const actions = adminUserActions(
    t,
    tl,
    setModal,
    () => void adminLogout().then(() => navigate(adminPath('adminLogin'))),
  );

  return (
    <BasicLayout
      menu={menu}
      homePath={adminPath('adminHome')}
      account={user ? `${user.fullName} (${user.account})` : undefined}
      userActions={actions}
    >
      {stored && <AdminUserRefresh />}
      {mayOpen(location.pathname, menus) ? (
        <Outlet />
      ) : (
        <Suspense fallback={null}>
          <AdminForbidden />
        </Suspense>
      )}
      <AdminProfileModals
        open={modal}
        onClose={() => setModal(undefined)}
        user={user}
        onCopied={() => toastSuccess(t('actions.copied'))}
      />
    </BasicLayout>
  );
}
