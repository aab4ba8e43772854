import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandState } from '@edp/shared/contracts/commands';
import type { TStateCounts } from '@edp/shared/contracts/tasks';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { doneCount, PROGRESS_ORDER, progressParts } from '../lib/task-lib.ts';
import '../components/tasks.css';

/** Each state's colour: solid and dark enough for white text; the words carry the meaning. */
export const STATE_COLOUR: Record<CommandState, string> = {
  finished: TAG.ok,
  failed: TAG.bad,
  timeout: TAG.warn,
  cancelled: TAG.muted,
  processing: TAG.info,
  waiting: TAG.gold,
};

/** A command type in the reader's words ("Encrypt folder"). */
export function useTypeWords(): (type: string) => string {
  const { t } = useTranslation('adminTasks');
  return (type) => t(`types.${type}` as 'types.tde.encrypt', { defaultValue: type });
}

/** A task's or a command's state as a tag. */
export function StateTag({ state }: { state: CommandState }) {
  const { t } = useTranslation('adminTasks');
  return (
    <Tag color={STATE_COLOUR[state]} className="task-state">
      {t(`states.${state}`)}
    </Tag>
  );
}

/**
 * A task's devices by state: a bar of one part per state (over first, then processing, then
 * waiting) with the same in words, for screen readers and for whoever tells colours apart badly.
 * `legend` adds a line of each state's count under the bar.
 */
export function TaskProgress({
  counts,
  total,
  legend = false,
}: {
  counts: TStateCounts;
  total: number;
  legend?: boolean;
}) {
  const { t } = useTranslation('adminTasks');
  const parts = progressParts(counts, total);
  const words = PROGRESS_ORDER.filter((s) => counts[s] > 0)
    .map((s) => t('progress.part', { state: t(`states.${s}`), count: counts[s] }))
    .join(t('progress.separator'));
  const label = t('progress.label', { total, parts: words || '—' });
  return (
    <div className="task-progress">
      <div className="task-progress__bar" role="img" aria-label={label} title={label}>
        {parts.map((p) => (
          <span
            key={p.state}
            className="task-progress__part"
            style={{ width: `${p.percent}%`, background: STATE_COLOUR[p.state] }}
          />
        ))}
      </div>
      <span className="task-progress__done" aria-hidden>
        {t('progress.done', { done: doneCount(counts), total })}
      </span>
      {legend && (
        <ul className="task-progress__legend">
          {PROGRESS_ORDER.map((s) => (
            <li key={s}>
              <span
                className="task-progress__swatch"
                style={{ background: STATE_COLOUR[s] }}
                aria-hidden
              />
              {t('progress.part', { state: t(`states.${s}`), count: counts[s] })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
