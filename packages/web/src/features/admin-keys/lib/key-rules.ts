/**
 * The rules of the key forms, written again without zod (the page would otherwise carry zod's
 * schemas of contracts/keys.ts) and held to those schemas by key-rules.test.ts.
 */
export const AGE_RECIPIENT = /^age1[02-9ac-hj-np-z]{58}$/;
/** An age X25519 identity as age-keygen prints it (upper case bech32). */
export const AGE_IDENTITY = /^AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}$/;
export const SHARE_TEXT = /^edp-share\.1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{40,120}$/;
/** contracts/keys.ts's PASSPHRASE_MIN and SPLIT_MIN (importing them would import zod). */
export const PASSPHRASE_MIN = 12;
export const SPLIT_MIN = 2;

export const isAgeRecipient = (s: string) => AGE_RECIPIENT.test(s.trim());
export const isAgeIdentity = (s: string) => AGE_IDENTITY.test(s.trim());
export const isShareText = (s: string) => SHARE_TEXT.test(s.trim());
export const isPassphrase = (s: string) => s.length >= PASSPHRASE_MIN;

/**
 * Why a split's threshold M cannot be used with `holders` people, or undefined: M-of-N needs
 * 2 ≤ M ≤ N (docs/keys.md "Shares and splits").
 */
export function thresholdFault(threshold: number | undefined, holders: number) {
  if (threshold === undefined || !Number.isInteger(threshold)) return 'required' as const;
  if (threshold < SPLIT_MIN) return 'tooSmall' as const;
  if (threshold > holders) return 'tooBig' as const;
  return undefined;
}

/** The first line of a pasted text that looks like a share (age -d prints it with a newline). */
export function shareFromText(text: string): string {
  return text.trim().split(/\s+/)[0] ?? '';
}
