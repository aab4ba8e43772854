import type { ReactNode } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface UserAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  onClick: () => void;
}

interface UserDropdownProps {
  account: string | undefined;
  actions: readonly UserAction[];
}

/** The header's account menu: the account e-mail, then the layout's actions. */
export function UserDropdown({ account = '', actions }: UserDropdownProps) {
  const { t } = useTranslation('layout');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'account', label: t('account', { account }), disabled: true },
          { type: 'divider' },
          ...actions.map(({ key, label, icon, danger }) => ({ key, label, icon, danger })),
        ],
        onClick: ({ key }) => actions.find((a) => a.key === key)?.onClick(),
      }}
    >
      <Button type="text" aria-label={t('userMenu', { account })} icon={<UserOutlined />}>
        <span className="header-bar__account">{account}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
