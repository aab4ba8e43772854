import { randomUUID } from 'node:crypto';
import type { TKeySplit } from '@edp/shared/contracts/keys';
import { KeyErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import {
  kekCheck,
  newKek,
  shareHash,
  shareText,
  splitSecret,
  type SecretBox,
} from '../../platform/keys/index.ts';
import type { Actor } from '../access/index.ts';

/** A person as the key pages name them. */
export interface Person {
  id: string;
  account: string;
  name: string;
}

export const personOf = (actor: Actor): Person => ({
  id: actor.userId,
  account: actor.account,
  name: actor.user.name,
});

/**
 * The holders a split names (by user id or account), each a key manager of the tenant: refused
 * with NotKeyManager otherwise. Distinct people, whatever the names they were given by.
 */
export function holdersOf(named: string[], managers: Person[]): Person[] {
  const found = named.map((n) => managers.find((m) => m.id === n || m.account === n));
  if (found.some((f) => !f)) throw new AppError(KeyErr.NotKeyManager);
  const people = found as Person[];
  if (new Set(people.map((p) => p.id)).size !== people.length)
    throw new AppError(KeyErr.NotKeyManager);
  return people;
}

/**
 * A new split of a new KEK: the KEK, its id (the split's), its check hash, and one share row per
 * holder, each share sealed until its holder downloads it.
 */
export async function newSplit(
  tenantId: string,
  split: TKeySplit,
  holders: Person[],
  box: SecretBox,
) {
  const id = randomUUID();
  const kek = newKek();
  const parts = await splitSecret(kek, holders.length, split.threshold);
  const shares = holders.map((h, i) => {
    const text = shareText(id, parts[i]!);
    return {
      splitId: id,
      holderId: h.id,
      tenantId,
      holderAccount: h.account,
      holderName: h.name,
      shareHash: shareHash(text),
      shareSealed: box.seal(text),
    };
  });
  return { id, kek, check: kekCheck(kek), shares };
}
