import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { deviceList } from '@edp/shared/api/console/devices.calls';
import { callQuery } from '../../../lib/api-query.ts';

/** Devices the list offers at once; typing asks the server for the names that contain it. */
const SHOWN = 20;
const TYPING_MS = 300;

/**
 * One device to filter a log by, found by name, number or IP among the running devices the
 * caller sees (`/dv/m/list`). The chosen device keeps its name (`name`, from the rows) when it is
 * not among the devices offered.
 */
export function DeviceSelect({
  value,
  name,
  onChange,
  label,
  placeholder,
}: {
  value?: string;
  name?: string;
  onChange: (id: string | undefined) => void;
  label: string;
  placeholder: string;
}) {
  // Asked for when the list first opens, not with every log page.
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const devices = useQuery({
    ...callQuery(deviceList, { page: 1, pageSize: SHOWN, ...(keyword ? { keyword } : {}) }),
    enabled: opened,
  });
  const options = (devices.data?.list ?? []).map((d) => ({ value: d.id, label: d.name }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: name || value });
  return (
    <Select<string>
      aria-label={label}
      placeholder={placeholder}
      value={value}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={devices.isFetching}
      options={options}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(id) => onChange(id || undefined)}
      style={{ width: 200 }}
    />
  );
}
