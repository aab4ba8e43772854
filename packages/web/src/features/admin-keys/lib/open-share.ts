import { isShareText, shareFromText } from './key-rules.ts';

/** How a holder hands the page their share: the file and its secret, or the clear text. */
export type ShareSource =
  | { kind: 'passphrase'; file: string; passphrase: string }
  | { kind: 'identity'; file: string; identity: string }
  | { kind: 'text'; text: string };

/** Why a share could not be read, each said in the reader's words by the form. */
export type OpenFault = 'notAge' | 'wrongSecret' | 'notShare';

export class OpenShareError extends Error {
  constructor(readonly fault: OpenFault) {
    super(fault);
    this.name = 'OpenShareError';
  }
}

const ARMOR = '-----BEGIN AGE ENCRYPTED FILE-----';

/**
 * The share's clear text from what the holder gave, decrypted in this browser: the file and
 * the passphrase or age identity never leave it, only the share's text is sent (docs/keys.md
 * "Confirm"). age-encryption is loaded on first use so no page's first load carries it.
 * A recovery file's text is refused as well as anything else that is not a share.
 */
export async function openShare(source: ShareSource): Promise<string> {
  const text = source.kind === 'text' ? source.text : await decrypt(source);
  const share = shareFromText(text);
  if (!isShareText(share)) throw new OpenShareError('notShare');
  return share;
}

async function decrypt(source: Exclude<ShareSource, { kind: 'text' }>): Promise<string> {
  const file = source.file.trim();
  if (!file.startsWith(ARMOR)) throw new OpenShareError('notAge');
  const age = await import('age-encryption');
  let bytes: Uint8Array;
  try {
    bytes = age.armor.decode(file);
  } catch {
    throw new OpenShareError('notAge');
  }
  const decrypter = new age.Decrypter();
  try {
    if (source.kind === 'passphrase') decrypter.addPassphrase(source.passphrase);
    else decrypter.addIdentity(source.identity.trim());
    return await decrypter.decrypt(bytes, 'text');
  } catch {
    // A wrong passphrase, another person's identity, or a file made for the other kind.
    throw new OpenShareError('wrongSecret');
  }
}
