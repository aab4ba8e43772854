import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TIncident } from '@edp/shared/contracts/keys';
import { formatTime } from '../../../lib/format.ts';
import { detailWords } from '../lib/incident-detail.ts';
import './keys.css';

const EVENT_COLOURS: Record<TIncident['timeline'][number]['event'], string> = {
  declared: 'red',
  actionStarted: 'blue',
  warned: 'gray',
  note: 'gray',
  contained: 'orange',
  closed: 'green',
};

/**
 * What an incident's timeline records, oldest first: when, the event in words, by whom (none:
 * the console itself) and its detail in words (`lib/incident-detail.ts`); the declaration's
 * note first.
 */
export function IncidentTimeline({ incident }: { incident: TIncident }) {
  const { t } = useTranslation('adminKeys');
  const words = (e: TIncident['timeline'][number]) => {
    const d = detailWords(e);
    if ('text' in d) return d.text;
    return 'values' in d ? t(`incident.detail.${d.key}`, d.values) : t(`incident.detail.${d.key}`);
  };
  return (
    <div className="keys-timeline">
      <p>
        <strong>{t('incident.declaredNote')}</strong> {incident.note}
      </p>
      <Timeline
        items={incident.timeline.map((e, i) => ({
          key: `${e.at}-${i}`,
          color: EVENT_COLOURS[e.event],
          content: (
            <>
              <span className="keys-note">{formatTime(e.at)}</span>{' '}
              <strong>{t(`incident.events.${e.event}`)}</strong>
              {' · '}
              {e.by ? e.by.account : t('incident.byConsole')}
              {e.detail && <div className="keys-reason">{words(e)}</div>}
            </>
          ),
        }))}
      />
    </div>
  );
}
