import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FileErr } from '@edp/shared/errors';
import {
  readZip,
  safeFileStem,
  uniqueFileNames,
  unsafeEntryName,
  writeZip,
  type ZipLimits,
} from './zip-files.ts';

const limits: ZipLimits = { files: 5, unpacked: 200_000, file: 64 * 1024 };
const zip = (files: Record<string, Uint8Array | string>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
    ),
  );

describe('readZip', () => {
  it('reads the entries of the wanted kind and says why it left the others', () => {
    const read = readZip(
      zip({ 'a.dat': 'one', 'sub/b.DAT': 'two', 'notes.txt': 'x', 'inner.zip': 'PK' }),
      ['.dat'],
      limits,
    );
    expect(read.refusal).toBeUndefined();
    if (read.refusal) return;
    expect(
      read.entries.map((e) => [e.name, e.bytes && Buffer.from(e.bytes).toString(), e.refusal]),
    ).toEqual([
      ['a.dat', 'one', undefined],
      ['sub/b.DAT', 'two', undefined],
      ['notes.txt', undefined, { code: FileErr.WrongFileType, params: { types: '.dat' } }],
      ['inner.zip', undefined, { code: FileErr.WrongFileType, params: { types: '.dat' } }],
    ]);
  });

  it('refuses names that leave the folder, and skips directories and macOS copies', () => {
    // fflate writes the names it is given, so the test can make what a hostile tool would.
    const read = readZip(
      zip({
        '../evil.dat': 'x',
        '/etc/evil.dat': 'x',
        'C:\\evil.dat': 'x',
        'ok/../../evil.dat': 'x',
        '__MACOSX/._a.dat': 'x',
      }),
      ['.dat'],
      limits,
    );
    if (read.refusal) throw new Error('refused as a whole');
    expect(read.entries.map((e) => [e.name, e.refusal?.code])).toEqual([
      ['../evil.dat', FileErr.UnsafeName],
      ['/etc/evil.dat', FileErr.UnsafeName],
      ['C:\\evil.dat', FileErr.UnsafeName],
      ['ok/../../evil.dat', FileErr.UnsafeName],
    ]);
    expect(unsafeEntryName('a..b.dat')).toBe(false);
  });

  it('refuses an archive of too many entries, or one that unpacks past the limit (a zip bomb)', () => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`${i}.dat`, 'x']));
    expect(readZip(zip(many), ['.dat'], limits).refusal).toEqual({
      code: FileErr.ArchiveTooManyFiles,
      params: { max: 5 },
    });
    // Four entries of 60 KiB of zeros: 240 KiB unpacked from a few hundred bytes.
    const zeros = new Uint8Array(60 * 1024);
    const bomb = zip({ 'a.dat': zeros, 'b.dat': zeros, 'c.dat': zeros, 'd.dat': zeros });
    expect(bomb.length).toBeLessThan(2_000);
    expect(readZip(bomb, ['.dat'], limits).refusal).toEqual({
      code: FileErr.ArchiveTooLarge,
      params: { max: 0 },
    });
    // One entry over the per-file limit is left unread; the others are read.
    const read = readZip(zip({ 'big.dat': new Uint8Array(65 * 1024), 'a.dat': 'a' }), ['.dat']);
    if (read.refusal) throw new Error('refused as a whole');
    expect(read.entries.map((e) => [e.name, e.refusal?.code])).toEqual([
      ['big.dat', FileErr.FileTooLarge],
      ['a.dat', undefined],
    ]);
  });

  it('unpacks no more than an entry declares, whatever its data holds', () => {
    const archive = zip({ 'a.dat': new Uint8Array(1024 * 1024) });
    // The central directory says 100 bytes (its uncompressed size at offset 24 of the record).
    const view = new DataView(archive.buffer);
    let at = archive.length - 22;
    at = view.getUint32(at + 16, true);
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    view.setUint32(at + 24, 100, true);
    const read = readZip(archive, ['.dat'], limits);
    if (read.refusal) throw new Error('refused as a whole');
    expect(read.entries[0]!.bytes!.length).toBe(100);
  });

  it('refuses what is no zip, and reads the first of two entries of one name', () => {
    for (const bytes of [strToU8('not a zip'), new Uint8Array(0), strToU8('PK\x03\x04broken')]) {
      expect(readZip(bytes, ['.dat'], limits).refusal).toEqual({
        code: FileErr.ArchiveUnreadable,
      });
    }
    const a = zip({ 'a.dat': 'first' });
    const b = zip({ 'a.dat': 'other' });
    // Two archives' entries under one name: a tool may write that; fflate's object cannot.
    const twice = joinZips(a, b);
    const read = readZip(twice, ['.dat'], limits);
    if (read.refusal) throw new Error('refused as a whole');
    expect(read.entries.map((e) => [e.name, e.refusal?.code])).toEqual([
      ['a.dat', undefined],
      ['a.dat', FileErr.DuplicateName],
    ]);
    expect(Buffer.from(read.entries[0]!.bytes!).toString()).toBe('first');
  });
});

describe('file names', () => {
  it('keeps letters of any script, digits, dot, dash and underscore, and no leading dot', () => {
    expect(safeFileStem('财务-01', 'x')).toBe('财务-01');
    expect(safeFileStem('../../etc/passwd', 'x')).toBe('etc_passwd');
    expect(safeFileStem('a b:c*?"<>|', 'x')).toBe('a_b_c_');
    expect(safeFileStem('CON', 'x')).toBe('CON_');
    expect(safeFileStem('...', 'dev-1')).toBe('dev-1');
    expect(safeFileStem('x'.repeat(100), 'x')).toHaveLength(60);
  });

  it('gives names that collide, ignoring case, a suffix', () => {
    expect(uniqueFileNames(['a', 'A', 'a', 'a-2', 'b'], '.lic')).toEqual([
      'a.lic',
      'A-2.lic',
      'a-3.lic',
      'a-2-2.lic',
      'b.lic',
    ]);
  });

  it('writes a zip readZip reads back, names in any script', () => {
    const archive = writeZip([
      { name: '财务-01.lic', bytes: strToU8('one') },
      { name: 'b.lic', bytes: strToU8('two') },
    ]);
    const read = readZip(archive, ['.lic']);
    if (read.refusal) throw new Error('refused as a whole');
    expect(read.entries.map((e) => e.name)).toEqual(['财务-01.lic', 'b.lic']);
  });
});

/** Two one-entry zips as one archive of both entries (offsets moved), as a hostile tool might. */
function joinZips(a: Uint8Array, b: Uint8Array): Uint8Array {
  const part = (z: Uint8Array) => {
    const v = new DataView(z.buffer, z.byteOffset, z.byteLength);
    const end = z.length - 22;
    const cd = v.getUint32(end + 16, true);
    return { local: z.subarray(0, cd), central: z.slice(cd, end) };
  };
  const pa = part(a);
  const pb = part(b);
  // b's central record points at its local header, which now follows a's.
  new DataView(pb.central.buffer).setUint32(42, pa.local.length, true);
  const out = new Uint8Array(
    pa.local.length + pb.local.length + pa.central.length + pb.central.length + 22,
  );
  out.set(pa.local, 0);
  out.set(pb.local, pa.local.length);
  const cdAt = pa.local.length + pb.local.length;
  out.set(pa.central, cdAt);
  out.set(pb.central, cdAt + pa.central.length);
  const end = new DataView(out.buffer, out.length - 22);
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 2, true);
  end.setUint16(10, 2, true);
  end.setUint32(12, pa.central.length + pb.central.length, true);
  end.setUint32(16, cdAt, true);
  return out;
}
