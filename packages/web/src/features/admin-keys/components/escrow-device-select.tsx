import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { useEscrowList } from '../api/keys.ts';

const SHOWN = 20;
const TYPING_MS = 300;

/**
 * One device whose key is to be recovered, found by name among the devices of the caller's
 * groups that list data keys (`/kss/escrow/list`: scoped as every device picker is, and the
 * key manager may not list devices otherwise). The chosen device comes back whole, with its
 * keys, for the key field.
 */
export function EscrowDeviceSelect({
  id,
  value,
  onChange,
  onDevice,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (id: string | undefined) => void;
  onDevice: (device: TDeviceEscrow | undefined) => void;
  placeholder: string;
}) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const devices = useEscrowList({ filter: 'all', size: SHOWN, ...(q ? { q } : {}) }, opened);
  const [chosen, setChosen] = useState<TDeviceEscrow>();
  const items = devices.data?.items ?? [];
  const options = items.map((d) => ({ value: d.deviceId, label: `${d.name} · ${d.groupName}` }));
  if (chosen && !options.some((o) => o.value === chosen.deviceId)) {
    options.unshift({ value: chosen.deviceId, label: `${chosen.name} · ${chosen.groupName}` });
  }
  return (
    <Select<string>
      id={id}
      placeholder={placeholder}
      value={value}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={devices.isFetching}
      options={options}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(deviceId) => {
        const device =
          items.find((d) => d.deviceId === deviceId) ?? (deviceId ? chosen : undefined);
        setChosen(device);
        onDevice(device);
        onChange?.(deviceId || undefined);
      }}
    />
  );
}
