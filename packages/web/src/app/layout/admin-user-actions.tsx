import {
  EditOutlined,
  LinkOutlined,
  LockOutlined,
  LogoutOutlined,
  MobileOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ProfileModal } from './admin-profile-modals.tsx';
import type { UserAction } from './user-dropdown.tsx';

/** The header dropdown's entries for a console user: the profile modals, then logout. */
export function adminUserActions(
  t: TFunction<'admin'>,
  tl: TFunction<'layout'>,
  open: (modal: ProfileModal) => void,
  logout: () => void,
): UserAction[] {
  return [
    {
      key: 'name',
      label: t('userMenu.changeName'),
      icon: <EditOutlined />,
      onClick: () => open('name'),
    },
    {
      key: 'password',
      label: t('userMenu.changePassword'),
      icon: <LockOutlined />,
      onClick: () => open('password'),
    },
    {
      key: 'phone',
      label: t('userMenu.bindPhone'),
      icon: <MobileOutlined />,
      onClick: () => open('phone'),
    },
    {
      key: 'autoLogin',
      label: t('userMenu.autoLogin'),
      icon: <LinkOutlined />,
      onClick: () => open('autoLogin'),
    },
    { key: 'logout', label: tl('logout'), icon: <LogoutOutlined />, danger: true, onClick: logout },
  ];
}
