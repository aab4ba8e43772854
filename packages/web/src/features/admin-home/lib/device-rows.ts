import type { TDeviceOverview } from '@edp/shared/contracts/devices';

type Rows = [string, number][];

/** The device charts' rows (home and big screen): by state, by kind, by when licences end. */
export function deviceRows(d: TDeviceOverview, t: (key: string) => string) {
  const presence: Rows = (['online', 'offline', 'never'] as const).map((p) => [
    t(`presence.${p}`),
    d.byPresence[p] ?? 0,
  ]);
  const kinds: Rows = Object.entries(d.byKind).sort(([a], [b]) => a.localeCompare(b));
  const expiry: Rows = [
    [t('expiry.expired'), d.counts['5'] ?? 0],
    [t('expiry.week'), d.expiring.week],
    [t('expiry.month'), d.expiring.month],
    [t('expiry.quarter'), d.expiring.quarter],
  ];
  return { presence, kinds, expiry };
}
