import {
  createCipheriv,
  createHmac,
  createPublicKey,
  diffieHellman,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { armor, Encrypter, Stanza, type Recipient } from 'age-encryption';
import { newOkpPrivateKey, rawPublicKey } from '@edp/shared/keys/okp-key';

/**
 * age's X25519 recipient (age-encryption.org/v1, "X25519 recipient stanza") with node's own
 * X25519, HKDF and ChaCha20-Poly1305: age-encryption's Encrypter writes the header, its MAC and
 * the payload around it. Node's native X25519 costs a tenth of what the package's does in
 * JavaScript, which matters to the simulator's 100,000 engines (docs/engines-agent.md).
 *
 *   ephemeral secret e, share = X25519(e, base point)
 *   wrap key = HKDF-SHA-256(ikm = X25519(e, recipient), salt = share || recipient,
 *                           info = "age-encryption.org/v1/X25519")
 *   stanza = "X25519" base64(share), body = ChaCha20-Poly1305(wrap key, zero nonce, file key)
 */
const INFO = 'age-encryption.org/v1/X25519';
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i]!;
  }
  return chk >>> 0;
}

/** The 32 bytes of an `age1…` recipient (bech32, checksum checked); throws when it is not one. */
export function recipientBytes(recipient: string): Buffer {
  const s = recipient.toLowerCase();
  const sep = s.lastIndexOf('1');
  const hrp = s.slice(0, sep);
  const data = [...s.slice(sep + 1)].map((c) => CHARSET.indexOf(c));
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31));
  if (
    hrp !== 'age' ||
    data.length < 6 ||
    data.includes(-1) ||
    polymod([...expanded, ...data]) !== 1
  ) {
    throw new Error(`not an age X25519 recipient: ${recipient}`);
  }
  // 5-bit words to bytes, the padding bits zero.
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of data.slice(0, -6)) {
    acc = (acc << 5) | w;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (bytes.length !== 32 || (acc & ((1 << bits) - 1)) !== 0) {
    throw new Error(`not an age X25519 recipient: ${recipient}`);
  }
  return Buffer.from(bytes);
}

/** An age `Recipient` for an `age1…` X25519 recipient, on node's native cryptography. */
export class NativeX25519Recipient implements Recipient {
  private readonly bytes: Buffer;
  private readonly key: KeyObject;

  constructor(recipient: string) {
    this.bytes = recipientBytes(recipient);
    this.key = createPublicKey({
      key: { kty: 'OKP', crv: 'X25519', x: this.bytes.toString('base64url') },
      format: 'jwk',
    });
  }

  wrapFileKey(fileKey: Uint8Array): Stanza[] {
    // Not generateKeyPairSync: exporting what it made can deadlock the process (okp-key.ts).
    const ephemeral = newOkpPrivateKey('X25519');
    const share = Buffer.from(rawPublicKey(ephemeral), 'base64url');
    const shared = diffieHellman({ privateKey: ephemeral, publicKey: this.key });
    // A low-order recipient gives an all-zero secret: age refuses it.
    if (shared.every((b) => b === 0)) throw new Error('the X25519 recipient is a low-order point');
    const salt = Buffer.concat([share, this.bytes]);
    const wrapKey = hkdf(shared, salt, INFO);
    return [new Stanza(['X25519', b64(share)], chacha(wrapKey, Buffer.alloc(12), fileKey))];
  }
}

/**
 * `data` encrypted to an age X25519 recipient, ASCII-armoured (`-----BEGIN AGE ENCRYPTED
 * FILE-----`): what `age -d -i <identity>` and age-encryption's Decrypter read.
 */
export async function ageEncryptTo(recipient: Recipient | string, data: Uint8Array) {
  const e = new Encrypter();
  e.addRecipient(typeof recipient === 'string' ? new NativeX25519Recipient(recipient) : recipient);
  return armor.encode(await e.encrypt(data));
}

const chacha = (key: Buffer, nonce: Buffer, data: Uint8Array) => {
  const c = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
  return Buffer.concat([c.update(data), c.final(), c.getAuthTag()]);
};
/**
 * HKDF-SHA-256 (RFC 5869) for one 32-byte block: extract, then expand's first block. Two HMACs
 * cost 11 µs where `hkdfSync` costs 28 µs (its key objects and job), and a wrap runs three.
 */
const hkdf = (ikm: Uint8Array, salt: Uint8Array, info: string) => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk).update(info).update(ONE).digest();
};
const ONE = Buffer.from([1]);
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');

/**
 * The same file as `ageEncryptTo` writes, all of it on node's native cryptography, for data of
 * one payload chunk (64 KiB): a fifth of the cost (about 0.1 ms against 0.6 ms for a data key),
 * which the simulator's engines pay. Read by age-encryption's Decrypter and `age -d` alike
 * (age-x25519.test.ts).
 */
export function ageFileNative(recipient: NativeX25519Recipient, data: Uint8Array): string {
  if (data.length > 64 * 1024) throw new Error('ageFileNative takes one chunk (64 KiB) at most');
  const fileKey = randomBytes(16);
  const [stanza] = recipient.wrapFileKey(fileKey);
  // The stanza's body, base64 in lines of 64 characters, the last one shorter (empty if need be).
  const body = b64(stanza!.body);
  const lines: string[] = body.match(/.{1,64}/g) ?? [];
  if (body.length % 64 === 0) lines.push('');
  const headerNoMac = `age-encryption.org/v1\n-> ${stanza!.args.join(' ')}\n${lines.join('\n')}\n---`;
  const mac = createHmac('sha256', hkdf(fileKey, Buffer.alloc(0), 'header'))
    .update(headerNoMac)
    .digest();
  const nonce = randomBytes(16);
  // One chunk: counter 0, the "last chunk" flag set.
  const chunkNonce = Buffer.alloc(12);
  chunkNonce[11] = 1;
  const file = Buffer.concat([
    Buffer.from(`${headerNoMac} ${b64(mac)}\n`),
    nonce,
    chacha(hkdf(fileKey, nonce, 'payload'), chunkNonce, data),
  ]);
  const armoured = file
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return `-----BEGIN AGE ENCRYPTED FILE-----\n${armoured}\n-----END AGE ENCRYPTED FILE-----\n`;
}
