import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uptimeStrip } from '../lib/uptime.ts';

/**
 * The last seven UTC days, one row each, a cell per hour filled when the engine checked in.
 * Each day also says in words how many hours it was seen (the colour is not the only cue).
 */
export function UptimeStrip({ uptime }: { uptime: readonly { day: string; hours: number }[] }) {
  const { t } = useTranslation('adminDevices');
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  const days = uptimeStrip(uptime, today);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption className="admin-home__duty">{t('detail.uptime')}</figcaption>
      <ul className="device-uptime">
        {days.map((d) => (
          <li key={d.day} className="device-uptime__day">
            <span className="device-uptime__label" aria-hidden>
              {d.day.slice(5)}
            </span>
            <span className="device-sr-only">
              {t('detail.uptimeDay', { day: d.day, hours: d.seen })}
            </span>
            <span
              className="device-uptime__hours"
              aria-hidden
              title={t('detail.uptimeDay', { day: d.day, hours: d.seen })}
            >
              {d.hours.map((on, h) => (
                <span
                  key={h}
                  className={
                    on ? 'device-uptime__hour device-uptime__hour--on' : 'device-uptime__hour'
                  }
                />
              ))}
            </span>
          </li>
        ))}
      </ul>
      <div className="device-uptime__legend" aria-hidden>
        <span>
          <span className="device-uptime__hour device-uptime__hour--on" />
          {t('detail.uptimeLegendOn')}
        </span>
        <span>
          <span className="device-uptime__hour" />
          {t('detail.uptimeLegendOff')}
        </span>
      </div>
    </figure>
  );
}
