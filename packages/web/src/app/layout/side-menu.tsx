import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuIcons } from './menu-icons.tsx';
import { selectedEntry, type MenuEntry } from './menu-entries.ts';

export function SideMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const selected = selectedEntry(entries, pathname);
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      items={entries.map((entry) => ({
        key: entry.path,
        icon: menuIcons[entry.icon],
        label: <Link to={entry.path}>{t(entry.name)}</Link>,
      }))}
    />
  );
}
