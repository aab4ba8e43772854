import { describe, expect, it } from 'vitest';
import {
  PASSPHRASE_MIN as CONTRACT_PASSPHRASE_MIN,
  SPLIT_MIN as CONTRACT_SPLIT_MIN,
  ZAgeRecipient,
  ZShareText,
} from '@edp/shared/contracts/keys';
import {
  isAgeIdentity,
  isAgeRecipient,
  isPassphrase,
  isShareText,
  PASSPHRASE_MIN,
  shareFromText,
  SPLIT_MIN,
  thresholdFault,
} from './key-rules.ts';

const recipient = 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p';
const identity = 'AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX';
const share = `edp-share.1.0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d.${'A'.repeat(43)}`;

/** The page checks what the server checks (contracts/keys.ts), without carrying zod's schemas. */
describe('key form rules', () => {
  it('agree with the contract on recipients, shares and passphrases', () => {
    for (const s of [recipient, ` ${recipient} `, 'age1short', identity, 'ssh-ed25519 AAAA', '']) {
      expect(isAgeRecipient(s), s).toBe(ZAgeRecipient.safeParse(s).success);
    }
    for (const s of [share, `${share}\n`, share.replace('edp-share.1', 'edp-share.2'), 'x']) {
      expect(isShareText(s), s).toBe(ZShareText.safeParse(s).success);
    }
    expect(PASSPHRASE_MIN).toBe(CONTRACT_PASSPHRASE_MIN);
    expect(SPLIT_MIN).toBe(CONTRACT_SPLIT_MIN);
    expect(isPassphrase('a'.repeat(11))).toBe(false);
    expect(isPassphrase('a'.repeat(12))).toBe(true);
  });

  it('tell an age identity from a recipient', () => {
    expect(isAgeIdentity(identity)).toBe(true);
    expect(isAgeIdentity(recipient)).toBe(false);
  });

  it('want 2 ≤ M ≤ N', () => {
    expect(thresholdFault(undefined, 3)).toBe('required');
    expect(thresholdFault(1.5, 3)).toBe('required');
    expect(thresholdFault(1, 3)).toBe('tooSmall');
    expect(thresholdFault(4, 3)).toBe('tooBig');
    expect(thresholdFault(2, 2)).toBeUndefined();
    expect(thresholdFault(3, 3)).toBeUndefined();
  });

  it('take the share from what age -d printed', () => {
    expect(shareFromText(`\n${share}\n`)).toBe(share);
  });
});
