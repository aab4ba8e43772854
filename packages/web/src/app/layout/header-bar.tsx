import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';
import { UserDropdown, type UserAction } from './user-dropdown.tsx';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** False while the menu is not in the page (a phone's closed drawer): nothing to point at. */
  menuShown?: boolean;
  account: string | undefined;
  userActions: readonly UserAction[];
}

/** Header of the signed-in shell: collapse toggle, language selector, user dropdown (docs/product.md §2). */
export function HeaderBar({
  collapsed,
  onToggle,
  menuShown = true,
  account,
  userActions,
}: HeaderBarProps) {
  const { t } = useTranslation('layout');
  return (
    <Layout.Header className="header-bar">
      <Button
        type="text"
        className="header-bar__toggle"
        aria-label={t(collapsed ? 'expandMenu' : 'collapseMenu')}
        aria-expanded={!collapsed}
        aria-controls={menuShown ? 'side-menu' : undefined}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <div className="header-bar__right">
        <LanguageSwitch />
        <UserDropdown account={account} actions={userActions} />
      </div>
    </Layout.Header>
  );
}
