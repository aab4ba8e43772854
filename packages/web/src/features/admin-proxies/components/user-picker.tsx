import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserList } from '../../admin-common/api/get-user-list.ts';

interface UserPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Shown for the current value before a search (editing). */
  current?: { id: string; label: string };
}

/** Picks a user by searching account or name (the server filters). */
export function UserPicker({ id, value, onChange, disabled, current }: UserPickerProps) {
  const { t } = useTranslation('adminOrg');
  const [keyword, setKeyword] = useState('');
  const users = useUserList({ page: 1, pageSize: 20, keyword: keyword || undefined }, !disabled);
  const options = (users.data?.list ?? []).map((u) => ({
    value: u.id,
    label: `${u.name} (${u.account})`,
  }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: current.label });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      placeholder={t('proxies.searchUser')}
      loading={users.isFetching}
      options={options}
    />
  );
}
