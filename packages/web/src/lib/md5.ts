import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Passwords travel as the lower-case hex MD5 of the clear text (docs/architecture.md §5). */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
