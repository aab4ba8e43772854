/**
 * What an installer file may be (docs/engines.md "Installers"): size, extensions, the first
 * bytes of each format and the version pattern. No zod here: the web checks a file with these
 * before it uploads, and the console's chunks stay free of zod.
 */

/** The largest installer accepted (50 MiB): the web checks it before it sends a byte. */
export const MAX_INSTALLER_BYTES = 50 * 1024 * 1024;
/** base64 grows 4/3: a 50 MiB installer is about 66.7 MiB of text. */
export const MAX_INSTALLER_BASE64 = Math.ceil((MAX_INSTALLER_BYTES * 4) / 3) + 4;

/** The extensions an installer may have, longest first (`.tar.gz` before `.gz`-like endings). */
export const INSTALLER_EXTENSIONS = [
  '.tar.gz',
  '.tgz',
  '.rpm',
  '.deb',
  '.zip',
  '.exe',
  '.msi',
] as const;
export type InstallerExtension = (typeof INSTALLER_EXTENSIONS)[number];

/** The allowed extension `fileName` ends with (case-insensitive), or undefined. */
export function installerExtension(fileName: string): InstallerExtension | undefined {
  const lower = fileName.toLowerCase();
  return INSTALLER_EXTENSIONS.find((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

const bytes = (...b: number[]) => Uint8Array.from(b);
/** The first bytes each format starts with; a file must match one of its extension's. */
export const INSTALLER_MAGIC: Record<InstallerExtension, readonly Uint8Array[]> = {
  '.rpm': [bytes(0xed, 0xab, 0xee, 0xdb)],
  '.deb': [bytes(0x21, 0x3c, 0x61, 0x72, 0x63, 0x68, 0x3e)], // "!<arch>"
  '.tar.gz': [bytes(0x1f, 0x8b)],
  '.tgz': [bytes(0x1f, 0x8b)],
  '.zip': [bytes(0x50, 0x4b, 0x03, 0x04)], // "PK\x03\x04"
  '.exe': [bytes(0x4d, 0x5a)], // "MZ"
  // Windows Installer packages are OLE compound files; a self-extracting one is a PE ("MZ").
  '.msi': [bytes(0xd0, 0xcf, 0x11, 0xe0), bytes(0x4d, 0x5a)],
};

/** True when `head` (the file's first bytes) starts like a file of `ext`. */
export function magicMatches(ext: InstallerExtension, head: Uint8Array): boolean {
  return INSTALLER_MAGIC[ext].some(
    (magic) => head.length >= magic.length && magic.every((b, i) => head[i] === b),
  );
}

/** 1.2, 1.2.3 or 1.2.3.4, with an optional suffix such as -rc1 or +build5. */
export const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){1,3}([-+][0-9A-Za-z][0-9A-Za-z.-]{0,31})?$/;
