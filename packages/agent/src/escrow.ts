import { escrowKeys } from '@edp/shared/api/engine/agent.calls';
import { ZEscrowAnswer, type TEscrowKey } from '@edp/shared/contracts/agent';
import type { TEngineDataKey } from '@edp/shared/contracts/engine';
import { ageEncryptTo, NativeX25519Recipient } from './age-x25519.ts';
import { NetworkError, type Answer, type ProtocolClient } from './client.ts';
import { Code, EngineError } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import { heldKeys as tdeHeldKeys, type TdeKey } from './tde.ts';

/**
 * Escrow of the engine's data keys (docs/keys.md "Escrow"). The state lists each data key with
 * the escrow key the console last acknowledged it under (`escrow.json`); a check-in whose answer
 * carries the tenant's escrow key (`escrow`) has every key not escrowed under it wrapped to that
 * key's age recipient and sent with `POST /api/agent/keys`. A data key never leaves the engine
 * in clear: the console holds only the age file, which only the tenant's escrow private key
 * opens, and that only in a recovery under dual control.
 */
export interface EscrowFile {
  /** By data key id: the escrow key id the console acknowledged it under, and when. */
  keys: Record<string, { escrow: string; at: string }>;
}

/** The data keys this engine holds: its TDE key and those a rotation has not dropped yet. */
export const heldKeys = (state: StateDir): TdeKey[] => tdeHeldKeys(state);

const escrowed = (state: StateDir): EscrowFile['keys'] =>
  state.readJson<EscrowFile>(files.escrow)?.keys ?? {};

/** What the state reports: each key's id and the escrow key it is held under (or null). */
export function dataKeys(state: StateDir): TEngineDataKey[] {
  const held = heldKeys(state);
  if (!held.length) return [];
  const kept = escrowed(state);
  return held.map((k) => {
    const id = k.id.toString('hex');
    return { id, escrow: kept[id]?.escrow ?? null };
  });
}

/** Records the keys the console acknowledged under `escrowId` (keys no longer held are dropped). */
export function recordEscrowed(
  state: StateDir,
  ids: readonly string[],
  escrowId: string,
  at: Date,
) {
  const held = new Set(heldKeys(state).map((k) => k.id.toString('hex')));
  const keys: EscrowFile['keys'] = {};
  for (const [id, entry] of Object.entries(escrowed(state))) if (held.has(id)) keys[id] = entry;
  for (const id of ids) if (held.has(id)) keys[id] = { escrow: escrowId, at: at.toISOString() };
  state.writeJson(files.escrow, { keys } satisfies EscrowFile);
}

/** A data key wrapped to an escrow key: an ASCII-armoured age file of its 32 bytes. */
export function wrapKey(key: TdeKey, recipient: string): Promise<string> {
  return ageEncryptTo(new NativeX25519Recipient(recipient), key.key);
}

export type EscrowOutcome =
  | { kind: 'done'; acknowledged: string[]; sent: number }
  | { kind: 'nothing' }
  | { kind: 'refused'; answer: Answer }
  | { kind: 'failed'; message: string };

/**
 * Wraps every held key not escrowed under `escrowKey` to its recipient and sends them at once;
 * records the ids the console acknowledged (the next state shows them escrowed). A key the
 * console did not acknowledge (it changed its escrow key meanwhile) stays not escrowed, and the
 * next check-in's answer gives the key to wrap it to.
 */
export async function escrowRound(
  state: StateDir,
  client: ProtocolClient,
  token: string,
  escrowKey: TEscrowKey,
): Promise<EscrowOutcome> {
  const kept = escrowed(state);
  const pending = heldKeys(state).filter(
    (k) => kept[k.id.toString('hex')]?.escrow !== escrowKey.id,
  );
  if (!pending.length) return { kind: 'nothing' };
  const keys = await Promise.all(
    pending.map(async (k) => ({
      id: k.id.toString('hex'),
      escrow: escrowKey.id,
      wrapped: await wrapKey(k, escrowKey.recipient),
    })),
  );
  let answer: Answer;
  try {
    answer = await client.post(escrowKeys, { keys }, token);
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    return { kind: 'failed', message: err.message };
  }
  const data = ZEscrowAnswer.safeParse(answer.envelope?.data);
  if (!answer.envelope?.success || !data.success) return { kind: 'refused', answer };
  const sent = new Set(keys.map((k) => k.id));
  const acknowledged = data.data.acknowledged.filter((id) => sent.has(id));
  if (acknowledged.length) recordEscrowed(state, acknowledged, escrowKey.id, new Date());
  return { kind: 'done', acknowledged, sent: keys.length };
}

/**
 * Sends wrapped keys now (`POST /api/agent/keys`) and answers the ids the console acknowledged;
 * a refusal or an unreachable console throws (-1), saying why.
 */
export async function postKeys(
  client: ProtocolClient,
  token: string,
  keys: { id: string; escrow: string; wrapped: string }[],
): Promise<string[]> {
  let answer: Answer;
  try {
    answer = await client.post(escrowKeys, { keys }, token);
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    throw new EngineError(Code.Generic, `escrow not sent: ${err.message}`);
  }
  const data = ZEscrowAnswer.safeParse(answer.envelope?.data);
  if (!answer.envelope?.success || !data.success) {
    const why = answer.envelope
      ? `errCode ${answer.envelope.errCode} (${answer.envelope.msg})`
      : `HTTP ${answer.status}`;
    throw new EngineError(Code.Generic, `escrow refused: ${why}`);
  }
  return data.data.acknowledged;
}
