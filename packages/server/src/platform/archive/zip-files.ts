import { unzipSync, zipSync } from 'fflate';
import { FileErr } from '@edp/shared/errors';
import {
  ARCHIVE_FILE_MAX,
  ARCHIVE_FILES_MAX,
  ARCHIVE_UNPACKED_MAX,
} from '@edp/shared/contracts/uploads';

/**
 * Zip archives that people upload and download (fflate, which the console's request archive
 * already uses). Reading is guarded, since an archive comes from anyone with a session:
 *
 * - at most `files` entries, else the archive is refused before anything is unpacked past them;
 * - every entry's size is the one its directory declares, and fflate unpacks an entry into a
 *   buffer of exactly that size (more data is cut off), so the declared sizes bound the memory:
 *   an entry over `file` is refused unread, and once the entries read would add up to over
 *   `unpacked` the whole archive is refused (a "zip bomb" cannot unpack past it);
 * - an entry's name is never a path here: names that are absolute or climb out (`..`) are
 *   refused, directories and macOS's `__MACOSX/` copies skipped, and a second entry of one name
 *   refused (the first is read);
 * - only entries whose names end with one of `extensions` are unpacked; archives inside are not
 *   opened.
 */

export interface ZipLimits {
  files: number;
  unpacked: number;
  file: number;
}
export const ZIP_LIMITS: ZipLimits = {
  files: ARCHIVE_FILES_MAX,
  unpacked: ARCHIVE_UNPACKED_MAX,
  file: ARCHIVE_FILE_MAX,
};

/** Why a file or an entry was not read: a FileErr code and the values its message names. */
export interface FileRefusal {
  code: number;
  params?: Record<string, string | number>;
}

/** An entry read (its bytes) or refused (why). */
export interface ZipEntry {
  name: string;
  bytes?: Uint8Array;
  refusal?: FileRefusal;
}

export type ZipRead = { entries: ZipEntry[]; refusal?: undefined } | { refusal: FileRefusal };

const MB = 1024 * 1024;

/** Thrown from fflate's filter to stop reading an archive at once. */
class Refused extends Error {
  constructor(readonly refusal: FileRefusal) {
    super('archive refused');
  }
}

/** An absolute path, a drive, or a `..` part: a name that would leave the folder it lands in. */
export function unsafeEntryName(name: string): boolean {
  const parts = name.split(/[\\/]/);
  return (
    /^[\\/]/.test(name) || /^[A-Za-z]:/.test(name) || parts.includes('..') || name.includes('\0')
  );
}

/** Does the data start as a zip does (a local file header, or the end record of an empty one)? */
export const looksLikeZip = (bytes: Uint8Array) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));

/** The entries of a zip whose names end with one of `extensions`, within `limits`. */
export function readZip(
  bytes: Uint8Array,
  extensions: readonly string[],
  limits: ZipLimits = ZIP_LIMITS,
): ZipRead {
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  const types = extensions.join(', ');
  let count = 0;
  let unpacked = 0;
  try {
    const files = unzipSync(bytes, {
      filter(info) {
        count += 1;
        if (count > limits.files)
          throw new Refused({ code: FileErr.ArchiveTooManyFiles, params: { max: limits.files } });
        const { name } = info;
        const refuse = (code: number, params?: FileRefusal['params']) => {
          entries.push({ name, refusal: { code, params } });
          return false;
        };
        if (unsafeEntryName(name)) return refuse(FileErr.UnsafeName);
        if (name.endsWith('/') || name.endsWith('\\') || /(^|[\\/])__MACOSX[\\/]/.test(name))
          return false;
        const lower = name.toLowerCase();
        if (!extensions.some((e) => lower.endsWith(e)))
          return refuse(FileErr.WrongFileType, { types });
        if (seen.has(name)) return refuse(FileErr.DuplicateName);
        seen.add(name);
        if (info.compression !== 0 && info.compression !== 8)
          return refuse(FileErr.ArchiveUnreadable);
        // Stored entries are copied as they are: their compressed size is what they take.
        const size = info.compression === 0 ? info.size : info.originalSize;
        if (size > limits.file)
          return refuse(FileErr.FileTooLarge, { max: Math.round(limits.file / 1024) });
        unpacked += size;
        if (unpacked > limits.unpacked)
          throw new Refused({
            code: FileErr.ArchiveTooLarge,
            params: { max: Math.round(limits.unpacked / MB) },
          });
        entries.push({ name });
        return true;
      },
    });
    for (const entry of entries) if (!entry.refusal) entry.bytes = files[entry.name]!;
    return { entries };
  } catch (err) {
    if (err instanceof Refused) return { refusal: err.refusal };
    // fflate's own errors (no end record, a bad offset, a broken deflate stream): not a zip.
    return { refusal: { code: FileErr.ArchiveUnreadable } };
  }
}

/** Windows keeps these names for devices, whatever their extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A name as a file name on any system: letters (any script), digits, dot, dash and underscore,
 * no leading dot (hidden, or `..`), no trailing dot, not a Windows device name, at most 60
 * characters; `fallback` when nothing is left.
 */
export function safeFileStem(name: string, fallback: string): string {
  const stem = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 60)
    .replace(/[.]+$/, '');
  if (!stem) return fallback;
  return RESERVED.test(stem) ? `${stem}_` : stem;
}

/**
 * One file name per stem, in order: a stem met before (ignoring case, as Windows and macOS do)
 * gets `-2`, `-3`… until the name is free.
 */
export function uniqueFileNames(stems: readonly string[], extension: string): string[] {
  const taken = new Set<string>();
  return stems.map((stem) => {
    let name = `${stem}${extension}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem}-${n}${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** A zip of the files, in order (their names as given: make them safe and unique first). */
export function writeZip(files: readonly { name: string; bytes: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = f.bytes;
  return zipSync(entries);
}
