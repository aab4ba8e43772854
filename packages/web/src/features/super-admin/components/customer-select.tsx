import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCustomers } from '../api/customers.ts';

interface CustomerSelectProps {
  /** The customer's id (a form field's value); null: none. */
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The customer linked now, so its name shows before any search. */
  current: { id: string; company: string } | null;
}

/** How long typing pauses before the customers are searched. */
const SEARCH_DELAY_MS = 300;

/**
 * Picks the customer a tenant is linked to: typing searches the customers' names, e-mails and
 * contacts (20 at most); clearing unlinks.
 */
export function CustomerSelect({ value, onChange, current }: CustomerSelectProps) {
  const { t } = useTranslation('vendor');
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<{ id: string; company: string; email: string }[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setBusy(true);
      findCustomers(keyword.trim())
        .then((page) => live && setFound(page.list))
        .catch(() => live && setFound([]))
        .finally(() => live && setBusy(false));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  const options = found.map((c) => ({ value: c.id, label: `${c.company} (${c.email})` }));
  if (current && !found.some((c) => c.id === current.id))
    options.unshift({ value: current.id, label: current.company });
  return (
    <Select
      aria-label={t('tenants.customer')}
      placeholder={t('tenants.customerSearch')}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      loading={busy}
      value={value ?? undefined}
      onChange={(id?: string) => onChange?.(id ?? null)}
      options={options}
      notFoundContent={busy ? t('tenants.customerSearching') : t('tenants.customerNone')}
    />
  );
}
