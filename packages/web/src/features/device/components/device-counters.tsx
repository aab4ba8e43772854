import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_RANGE } from '@edp/shared/constants';

interface DeviceCountersProps {
  counts: Record<string, number> | undefined;
  loading: boolean;
  /** The type filter, highlighted; clicking a card filters by its type. */
  active: number | undefined;
  onSelect: (type: number | undefined) => void;
}

/** One statistic card per device type -1…5 (docs/portal.md), over all the company's engines. */
export function DeviceCounters({ counts, loading, active, onSelect }: DeviceCountersProps) {
  const { t } = useTranslation('device');
  return (
    <ul className="stat-cards" aria-label={t('countersLabel')}>
      {DEVICE_TYPE_RANGE.map((type) => (
        <li key={type} className="stat-cards__item">
          <Card
            size="small"
            hoverable
            className={active === type ? 'stat-card--active' : undefined}
            role="button"
            tabIndex={0}
            aria-pressed={active === type}
            onClick={() => onSelect(active === type ? undefined : type)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onSelect(active === type ? undefined : type);
              }
            }}
          >
            <Statistic
              title={t(`counters.${type}`)}
              value={counts?.[String(type)] ?? 0}
              loading={loading}
            />
          </Card>
        </li>
      ))}
    </ul>
  );
}
