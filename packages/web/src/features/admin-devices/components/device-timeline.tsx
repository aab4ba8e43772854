import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TDeviceActivityItem, TDeviceDetail } from '@edp/shared/contracts/devices';
import { formatTime } from '../../../lib/format.ts';
import { useWindowWords } from '../../admin-elevation/lib/window-words.ts';
import { useDeviceActivity } from '../api/get-device-activity.ts';
import { activityLines, offlineSince, type ActivityLine } from '../lib/device-activity.ts';
import '../../admin-tasks/lib/task-locales.ts';
import { useTypeWords } from '../../admin-tasks/parts/task-labels.tsx';

/** The dot's colour by what happened; the words carry the meaning, never the colour alone. */
const TONE: Record<TDeviceActivityItem['kind'], string> = {
  enrolled: 'ok',
  added: 'ok',
  edited: 'info',
  moved: 'info',
  deprecated: 'bad',
  offline: 'bad',
  online: 'ok',
  licence: 'info',
  reenrolAllowed: 'info',
  command: 'info',
  window: 'info',
};

/** A failed command or a window that did not open is bad news; the words still say it. */
function toneOf(item: TDeviceActivityItem) {
  const c = item.detail.command;
  if (c && c.state !== 'finished') return 'bad';
  if (item.detail.window?.step === 'notStarted') return 'bad';
  return TONE[item.kind];
}

function Entry({ item }: { item: TDeviceActivityItem }) {
  const { t } = useTranslation('adminDevices');
  const typeWords = useTypeWords();
  const windowWords = useWindowWords();
  const who = item.account ?? t('activity.engine');
  const text = ({ key, values, words }: ActivityLine) =>
    t(key as 'activity.kinds.online', {
      ...values,
      ...(words?.command !== undefined && { command: typeWords(words.command) }),
      ...(words?.duration !== undefined && { duration: windowWords(words.duration) }),
    });
  return (
    <li className={`device-timeline__item device-timeline__item--${toneOf(item)}`}>
      <p className="device-timeline__what">
        {activityLines(item).map((l) => (
          <span key={l.key}>{text(l)}</span>
        ))}
      </p>
      <p className="device-timeline__meta">
        <time dateTime={item.at}>{formatTime(item.at)}</time>
        <span aria-hidden> · </span>
        <span className="device-sr-only">, </span>
        <span>{t('activity.by', { who })}</span>
      </p>
    </li>
  );
}

/**
 * A device's activity (issue 22), newest first: what happened, when (the reader's time), who did
 * it (an account, or the engine). "Load more" reads the next older page. A running device that
 * is offline now says so first: its "went offline" entry is written only when it comes back.
 */
export function DeviceTimeline({
  device,
}: {
  device: Pick<TDeviceDetail, 'id' | 'status' | 'presence' | 'lastSeenAt'>;
}) {
  const { t } = useTranslation('adminDevices');
  const activity = useDeviceActivity(device.id);
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const since = offlineSince(device);

  let body;
  if (activity.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (activity.isError && items.length === 0)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('activity.failed')}
        action={
          <Button size="small" onClick={() => void activity.refetch()}>
            {t('activity.retry')}
          </Button>
        }
      />
    );
  else if (items.length === 0 && !since)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.empty')} />;
  else
    body = (
      <>
        <ol className="device-timeline" aria-label={t('activity.label')}>
          {since && (
            <li className="device-timeline__item device-timeline__item--now">
              <p className="device-timeline__what">
                {t('activity.nowOffline', { time: formatTime(since) })}
              </p>
            </li>
          )}
          {items.map((item) => (
            <Entry key={item.id} item={item} />
          ))}
        </ol>
        {activity.isFetchNextPageError && (
          <Alert type="error" showIcon title={t('activity.failed')} style={{ marginTop: 12 }} />
        )}
        {activity.hasNextPage && (
          <Button
            className="device-timeline__more"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {t('activity.more')}
          </Button>
        )}
      </>
    );

  return (
    <section aria-labelledby="device-activity-title" aria-busy={activity.isFetching}>
      <h2 id="device-activity-title" className="admin-home__duty">
        {t('activity.title')}
      </h2>
      {body}
    </section>
  );
}
