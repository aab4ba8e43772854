import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_RANGE } from '@edp/shared/constants';

interface DeviceCountersProps {
  counts: Record<string, number> | undefined;
  loading: boolean;
  /** The type filter, highlighted; choosing a card filters by its type, again clears it. */
  active?: number;
  onSelect?: (type: number | undefined) => void;
}

/**
 * One figure per device type -1…5 over the devices the caller sees (as the portal's My engine
 * page). With `onSelect` each is a toggle button that filters the list.
 */
export function DeviceCounters({ counts, loading, active, onSelect }: DeviceCountersProps) {
  const { t } = useTranslation('adminDevices');
  const { t: tc } = useTranslation('common');
  return (
    <ul className="device-counters" aria-label={t('countersLabel')}>
      {DEVICE_TYPE_RANGE.map((type) => {
        const label = t(`counters.${String(type) as '0'}`);
        const value = counts?.[String(type)] ?? 0;
        const toggle = () => onSelect?.(active === type ? undefined : type);
        return (
          <li key={type}>
            <Card
              size="small"
              hoverable={!!onSelect}
              className={active === type ? 'device-counters__card--active' : undefined}
              {...(onSelect
                ? {
                    role: 'button',
                    tabIndex: 0,
                    'aria-pressed': active === type,
                    'aria-label': tc('labelled', { label, value }),
                    onClick: toggle,
                    onKeyDown: (event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        toggle();
                      }
                    },
                  }
                : {})}
            >
              <Statistic title={label} value={value} loading={loading} />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
