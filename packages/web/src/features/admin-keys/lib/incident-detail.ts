import type { TIncident } from '@edp/shared/contracts/keys';

type Entry = TIncident['timeline'][number];

/**
 * What a timeline entry's detail says, as a key of the `incident.detail` texts and its values
 * (docs/keys.md "Incidents": the note for declared, note and closed; for the others a JSON
 * object of ids and counts). A detail of another shape is shown as written (`text`).
 */
export type DetailWords =
  | { text: string }
  | { key: 'split'; values: { m: number; holders: string } }
  | { key: 'escrowKey'; values: { from: string; to: string } }
  | { key: 'device'; values: { taskId: string; count: number } }
  | { key: 'revoke' }
  | { key: 'warned' | 'notWarned' }
  | { key: 'contained' };

const short = (id: unknown) => (typeof id === 'string' ? id.slice(0, 8) : '—');

export function detailWords(e: Entry): DetailWords {
  if (e.event === 'declared' || e.event === 'note' || e.event === 'closed')
    return { text: e.detail };
  let facts: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(e.detail);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { text: e.detail };
    facts = parsed as Record<string, unknown>;
  } catch {
    return { text: e.detail };
  }
  if (e.event === 'warned') return { key: facts.queued ? 'warned' : 'notWarned' };
  if (e.event === 'contained') return { key: 'contained' };
  if (Array.isArray(facts.holders) && typeof facts.threshold === 'number')
    return {
      key: 'split',
      values: { m: facts.threshold, holders: facts.holders.map(String).join(', ') },
    };
  if ('escrowKeyId' in facts)
    return {
      key: 'escrowKey',
      values: { from: short(facts.replacedKeyId), to: short(facts.escrowKeyId) },
    };
  if (typeof facts.taskId === 'string')
    return {
      key: 'device',
      values: { taskId: facts.taskId, count: Number(facts.windowsEnded) || 0 },
    };
  if (facts.revoke === true) return { key: 'revoke' };
  return { text: e.detail };
}
