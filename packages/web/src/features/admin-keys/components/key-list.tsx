import { useTranslation } from 'react-i18next';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { formatTime } from '../../../lib/format.ts';
import { EscrowTag } from '../parts/escrow-tag.tsx';
import './keys.css';

/**
 * A device's data keys, one line each: the key's id, when the engine first listed it, and its
 * escrow (since when, or "Not escrowed"). Ids and times only: never a key.
 */
export function KeyList({ keys }: { keys: TDeviceEscrow['keys'] }) {
  const { t } = useTranslation('adminKeys');
  if (keys.length === 0) return <span>{t('escrow.noKeys')}</span>;
  return (
    <ul className="keys-list">
      {keys.map((k) => (
        <li key={k.keyId}>
          <span className="visually-hidden">{t('escrow.keyId')} </span>
          <span className="keys-id">{k.keyId}</span>
          <span className="visually-hidden">{t('escrow.seenAt')} </span>
          <span className="keys-seen">{formatTime(k.seenAt)}</span>{' '}
          <EscrowTag at={k.escrowedAt} format={formatTime} />
        </li>
      ))}
    </ul>
  );
}
