import { useState } from 'react';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Presence } from '@edp/shared/contracts/engine';
import { formatTime } from '../../../lib/format.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { relativeTime } from '../lib/relative-time.ts';

const DOT: Record<Presence, string> = { online: '#389e0d', offline: '#cf1322', never: '#8c8c8c' };

/** Presence as a dot and a word: the word carries it, never the colour alone. */
export function PresenceLabel({ presence }: { presence: Presence }) {
  const { t } = useTranslation('adminDevices');
  return (
    <span className="device-presence">
      <span className="device-presence__dot" style={{ background: DOT[presence] }} aria-hidden />
      {t(`presence.${presence}`)}
    </span>
  );
}

const TYPE_COLOR: Record<string, string> = { '-1': TAG.muted, '5': TAG.bad };

/** A device's licence type (-1 unlicensed, 0…4 the licensed kind, 5 expired) as a tag. */
export function DeviceTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('adminDevices');
  return (
    <Tag color={TYPE_COLOR[String(type)] ?? TAG.ok}>{t(`counters.${String(type) as '0'}`)}</Tag>
  );
}

/**
 * A past time as "5 minutes ago", the date and time on hover and for screen readers; "never"
 * without one.
 */
export function RelativeTime({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation('adminDevices');
  // The moment the row was shown: "5 minutes ago" is as of then, until the list reloads.
  const [now] = useState(Date.now);
  if (!iso) return <>{t('never')}</>;
  const absolute = formatTime(iso);
  return (
    <Tooltip title={absolute}>
      <time dateTime={iso} tabIndex={0} className="device-time">
        {relativeTime(iso, now, i18n.language)}
        <span className="device-sr-only"> ({absolute})</span>
      </time>
    </Tooltip>
  );
}
