import {
  secretBox,
  unwrapKek,
  unwrapUnderKek,
  wrapUnderKek,
  type SecretBox,
} from '../../platform/keys/index.ts';
import { KeyErr } from '@edp/shared/errors';
import type { CacheBus } from '../../platform/cache/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { keysRepository } from './keys-repository.ts';

/** What a value sealed under a tenant's KEK starts with; the root secret's are `v1.`. */
export const KEK_SEALED_PREFIX = 'k1.';

/**
 * The secrets the console seals for a tenant (an SMS gateway's key, a webhook's secret:
 * docs/keys.md "The keys"): under the root secret until the tenant's keys are initialised, then
 * under HKDF(KEK, `edp <purpose>`) bound to the tenant, written `k1.<sealed>`. Opening goes by the
 * prefix, so values sealed before initialisation still open; initialisation and each new KEK seal
 * them again (the owner of the values does it, through `reseal`).
 */
export function sealedSecrets(deps: {
  db: Db;
  bus: CacheBus;
  /** The root secret (CONSOLE_KEY_SECRET). */
  consoleKeySecret: Buffer;
  /** Whose secrets: the HKDF info of both keys (`notify settings`). */
  purpose: string;
}) {
  const { purpose } = deps;
  const root = secretBox({ consoleKeySecret: deps.consoleKeySecret, purpose });
  const repo = keysRepository(deps.db);

  /**
   * The box of a tenant under this KEK (null: not initialised, the root secret's; `sealed`: its
   * keys are initialised but this root secret does not open its KEK, so nothing is sealed).
   */
  function boxUnder(tenantId: string, kek: Uint8Array | null, sealed = false): SecretBox {
    return {
      seal(clear) {
        if (kek) return KEK_SEALED_PREFIX + wrapUnderKek(kek, purpose, tenantId, clear);
        if (sealed) throw new AppError(KeyErr.Sealed);
        return root.seal(clear);
      },
      open(sealed) {
        if (!sealed.startsWith(KEK_SEALED_PREFIX)) return root.open(sealed);
        if (!kek) return null;
        return unwrapUnderKek(kek, purpose, tenantId, sealed.slice(KEK_SEALED_PREFIX.length));
      },
    };
  }

  // Each tenant's box, kept in memory and evicted on every node when its KEK changes.
  const boxes = new Map<string, Promise<SecretBox>>();
  const evict = deps.bus.channel(`sealed-secrets ${purpose}`, (tenantId) => boxes.delete(tenantId));

  return {
    boxUnder,

    /** The tenant's box now: its KEK's once initialised (and opened by this root secret). */
    boxOf(tenantId: string): Promise<SecretBox> {
      let kept = boxes.get(tenantId);
      if (!kept) {
        kept = repo.tenantKey(tenantId).then((tk) => {
          const kek = tk
            ? unwrapKek(deps.consoleKeySecret, tenantId, tk.kekId, tk.kekWrapped)
            : null;
          return boxUnder(tenantId, kek, !!tk && !kek);
        });
        boxes.set(tenantId, kept);
        kept.catch(() => boxes.delete(tenantId));
      }
      return kept;
    },

    /**
     * The tenant's KEK changed (initialised: `old` null; a new split made active): what the
     * owner keeps is sealed again under the new one, and every node forgets the box it kept.
     */
    async kekChanged(
      tenantId: string,
      old: Uint8Array | null,
      kek: Uint8Array,
      reseal: (tenantId: string, from: SecretBox, to: SecretBox) => Promise<void>,
    ) {
      try {
        await reseal(tenantId, boxUnder(tenantId, old), boxUnder(tenantId, kek));
      } finally {
        evict(tenantId);
      }
    },
  };
}
export type SealedSecrets = ReturnType<typeof sealedSecrets>;
