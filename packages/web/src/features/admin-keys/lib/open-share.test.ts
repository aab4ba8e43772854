import { describe, expect, it } from 'vitest';
import { armor, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import { openShare, OpenShareError } from './open-share.ts';

const share = `edp-share.1.0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d.${'Qx_-'.repeat(11)}`;

/** A share file as the console answers it: ASCII-armoured age, `age -d` prints the share. */
async function shareFile(to: { passphrase: string } | { recipient: string }, text = `${share}\n`) {
  const e = new Encrypter();
  if ('passphrase' in to) {
    e.setPassphrase(to.passphrase);
    // A cheap scrypt for the test; the browser reads any work factor the file names.
    e.setScryptWorkFactor(10);
  } else e.addRecipient(to.recipient);
  return armor.encode(await e.encrypt(text));
}

const fault = (p: Promise<unknown>) =>
  p.then(
    () => 'opened',
    (e: unknown) => (e instanceof OpenShareError ? e.fault : String(e)),
  );

/** The holder's share is read in the browser: only its clear text leaves the page. */
describe('openShare', () => {
  it('decrypts a file with its passphrase, and says a wrong one is wrong', async () => {
    const file = await shareFile({ passphrase: 'correct horse battery' });
    await expect(
      openShare({ kind: 'passphrase', file, passphrase: 'correct horse battery' }),
    ).resolves.toBe(share);
    expect(
      await fault(openShare({ kind: 'passphrase', file, passphrase: 'wrong horse battery' })),
    ).toBe('wrongSecret');
  });

  it("decrypts a file with the holder's age identity, not with another's", async () => {
    const identity = await generateX25519Identity();
    const file = await shareFile({ recipient: await identityToRecipient(identity) });
    await expect(openShare({ kind: 'identity', file, identity })).resolves.toBe(share);
    const other = await generateX25519Identity();
    expect(await fault(openShare({ kind: 'identity', file, identity: other }))).toBe('wrongSecret');
  });

  it('refuses what is not an age file, and an age file that holds no share', async () => {
    expect(await fault(openShare({ kind: 'passphrase', file: share, passphrase: 'x' }))).toBe(
      'notAge',
    );
    const recovery = await shareFile(
      { passphrase: 'correct horse battery' },
      '{"format":"edp-recovery/v1"}',
    );
    expect(
      await fault(
        openShare({ kind: 'passphrase', file: recovery, passphrase: 'correct horse battery' }),
      ),
    ).toBe('notShare');
  });

  it('takes the clear text age -d printed', async () => {
    await expect(openShare({ kind: 'text', text: `  ${share}\n` })).resolves.toBe(share);
    expect(await fault(openShare({ kind: 'text', text: 'AGE-SECRET-KEY-1…' }))).toBe('notShare');
  });
});
