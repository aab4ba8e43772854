import MD5 from 'crypto-js/md5';

/** Passwords travel as the lower-case hex MD5 of the clear text (docs/architecture.md §5). */
export function md5Hex(text: string): string {
  return MD5(text).toString();
}
