/**
 * Wraps `count` data keys to a new escrow recipient with `ageFileNative`, as the simulator's
 * engines do, keeping the last few thousand files so that the old generation fills and full
 * collections run often (escrow.test.ts starts it with a small heap). Prints `wrapped <count>`.
 */
import { randomBytes } from 'node:crypto';
import * as age from 'age-encryption';
import { ageFileNative, NativeX25519Recipient } from '../age-x25519.ts';

const count = Number(process.argv[2]);
const recipient = new NativeX25519Recipient(
  await age.identityToRecipient(await age.generateX25519Identity()),
);
const kept: string[] = [];
for (let i = 0; i < count; i++) {
  kept.push(ageFileNative(recipient, randomBytes(32)) + randomBytes(3072).toString('base64'));
  if (kept.length > 2_000) kept.splice(0, 1_000);
}
console.log(`wrapped ${count}`);
