import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_RANGE } from '@edp/shared/constants';

/**
 * 12,345: thousands grouped by commas in both languages, as antd's statistic writes them. Not
 * Intl.NumberFormat, whose first use on a page costs about 50 ms of a slowed phone's main thread.
 */
const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',');

interface DeviceCountersProps {
  counts: Record<string, number> | undefined;
  loading: boolean;
  /** The type filter, highlighted; choosing a card filters by its type, again clears it. */
  active?: number;
  onSelect?: (type: number | undefined) => void;
}

/**
 * One figure per device type -1…5 over the devices the caller sees (as the portal's My engine
 * page). With `onSelect` each is a toggle button that filters the list. Drawn as antd's small
 * cards with a statistic, but in a native button and our own CSS: antd's Card brought its tabs
 * (7 KB) to the device list's first load, and a statistic's blocks do not belong in a button.
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
        const figure = (
          <>
            <span className="device-counter__label">{label}</span>
            {loading ? (
              <span className="device-counter__value device-counter__value--loading" />
            ) : (
              <span className="device-counter__value">{grouped(value)}</span>
            )}
          </>
        );
        return (
          <li key={type}>
            {onSelect ? (
              <button
                type="button"
                className={
                  active === type ? 'device-counter device-counter--active' : 'device-counter'
                }
                aria-pressed={active === type}
                aria-label={tc('labelled', { label, value })}
                onClick={toggle}
              >
                {figure}
              </button>
            ) : (
              <div className="device-counter">{figure}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
