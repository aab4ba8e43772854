import { useTranslation } from 'react-i18next';
import type { TRotationProgress } from '@edp/shared/contracts/keys';
import './keys.css';

const PARTS = ['done', 'waiting', 'offline'] as const;
type Part = (typeof PARTS)[number];

/** Dark enough beside each other and on white (the bar's parts are not text). */
const COLOUR: Record<Part, string> = { done: '#237804', waiting: '#0958d9', offline: '#8c8c8c' };

/**
 * How far a rotation has reached (docs/keys.md "Rotation"): a bar of the devices done, waiting
 * (seen lately, not moved yet) and offline, with the same in words as its accessible name and a
 * legend of the numbers under it, for whoever tells colours apart badly. `kind` words "done" as
 * the rotation means it: re-escrowed, or on the new window key.
 */
export function RotationProgress({
  progress,
  kind,
}: {
  progress: TRotationProgress;
  kind: 'escrow' | 'window';
}) {
  const { t } = useTranslation('adminKeys');
  const total = progress.done + progress.waiting + progress.offline;
  const word = (p: Part) => t(`rotation.progress.${p === 'done' ? kind : p}`);
  const label = t('rotation.progress.label', {
    done: progress.done,
    total,
    parts: PARTS.map((p) => `${word(p)} ${progress[p]}`).join(t('rotation.progress.separator')),
  });
  return (
    <div className="keys-progress">
      <div className="keys-progress__bar" role="img" aria-label={label} title={label}>
        {total > 0 &&
          PARTS.filter((p) => progress[p] > 0).map((p) => (
            <span
              key={p}
              style={{ width: `${(progress[p] / total) * 100}%`, background: COLOUR[p] }}
            />
          ))}
      </div>
      <ul className="keys-progress__legend" aria-hidden="true">
        {PARTS.map((p) => (
          <li key={p}>
            <span className="keys-progress__dot" style={{ background: COLOUR[p] }} />
            {word(p)} <strong>{progress[p]}</strong>
          </li>
        ))}
        <li>{t('rotation.progress.total', { total })}</li>
      </ul>
    </div>
  );
}
