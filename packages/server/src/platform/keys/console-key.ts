import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { newOkpPrivateKey } from '@edp/shared/keys/okp-key';
import type { Db } from '../db/index.ts';
import { consoleKeyRepository } from './console-key-repository.ts';

/**
 * The console's own Ed25519 key, which signs elevation and learning-mode windows for its engines
 * (docs/elevation.md). Not the vendor's key (that one signs what the vendor sells, and may live
 * elsewhere), and not a file of one node's DATA_DIR: a row of the database, made once, so every
 * node signs with the key the engines were given at enrolment. The private half is stored
 * encrypted (PKCS#8, AES-256) under `consoleKeySecret` (loadConsoleKeySecret), which the nodes share
 * outside the database: a copy of the database alone signs nothing.
 */
export interface ConsoleKey {
  /** The public key as PEM (SPKI), handed to engines at enrolment. */
  publicPem(): Promise<string>;
  pair(): Promise<{ privateKey: KeyObject; publicKey: KeyObject }>;
}

/**
 * Built from the platform's `db`, `clock` and `consoleKeySecret` by name (a `Pick` of the
 * platform, spelt out: the platform's own modules do not import platform.ts).
 */
export function consoleKey({
  db,
  clock,
  consoleKeySecret,
}: {
  db: Db;
  clock: () => number;
  consoleKeySecret: Buffer;
}): ConsoleKey {
  const passphrase = consoleKeySecret.toString('base64');
  let loaded: Promise<{ privateKey: KeyObject; publicKey: KeyObject; publicPem: string }> | null =
    null;
  const load = () => {
    loaded ??= (async () => {
      // Not generateKeyPairSync: exporting what it made can deadlock the process (okp-key.ts).
      const made = newOkpPrivateKey('Ed25519');
      const stored = await consoleKeyRepository(db).getOrCreate(
        {
          privatePem: made
            .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase })
            .toString(),
          publicPem: createPublicKey(made).export({ type: 'spki', format: 'pem' }).toString(),
        },
        new Date(clock()),
      );
      return {
        privateKey: createPrivateKey({ key: stored.privatePem, format: 'pem', passphrase }),
        publicKey: createPublicKey(stored.publicPem),
        publicPem: stored.publicPem,
      };
    })();
    // A failed read is tried again by the next caller.
    loaded.catch(() => (loaded = null));
    return loaded;
  };
  return {
    publicPem: async () => (await load()).publicPem,
    pair: async () => {
      const { privateKey, publicKey } = await load();
      return { privateKey, publicKey };
    },
  };
}
