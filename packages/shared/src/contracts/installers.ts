import { z } from 'zod';
import { ZList, ZListRequest } from './common.ts';
import { ZIsoTime } from './com.ts';
import { rule } from './field-rules.ts';
import { ZEngineKind } from './licence-file.ts';

/** Installers and versions (/dv/m/installer/*, docs/engines.md "Installers"). */

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

/** The first bytes of a base64 text (enough for the magic), without decoding the rest. */
function headOf(base64: string): Uint8Array {
  try {
    const text = atob(base64.slice(0, 12));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** 1.2, 1.2.3 or 1.2.3.4, with an optional suffix such as -rc1 or +build5. */
export const VERSION_PATTERN = /^\d{1,9}(\.\d{1,9}){1,3}([-+][0-9A-Za-z][0-9A-Za-z.-]{0,31})?$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const ZInstallerFileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((n) => !/[\\/\0]/.test(n), rule('wrongFormat'))
  .refine((n) => installerExtension(n) !== undefined, rule('installerExtension'));

export const ZInstallerUpload = z
  .object({
    fileName: ZInstallerFileName.describe(
      'The file name as uploaded: .rpm .deb .tar.gz .tgz .zip .exe .msi',
    ),
    file: z
      .string()
      .min(4)
      .max(MAX_INSTALLER_BASE64)
      .regex(BASE64, rule('base64'))
      .describe('base64 of the installer, at most 50 MiB decoded'),
    name: z.string().trim().min(1).max(64),
    version: z
      .string()
      .trim()
      .max(48)
      .regex(VERSION_PATTERN, rule('version'))
      .describe('e.g. 1.2.3'),
    kind: ZEngineKind.describe('Product type: the engine kind the installer installs'),
    systemVersion: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .describe('The operating system it is for, e.g. CentOS 7, Windows 10'),
    description: z.string().trim().max(500).default(''),
  })
  .superRefine((v, ctx) => {
    const ext = installerExtension(v.fileName);
    if (ext && BASE64.test(v.file.slice(0, 12)) && !magicMatches(ext, headOf(v.file))) {
      ctx.addIssue({ code: 'custom', path: ['file'], message: rule('installerFormat') });
    }
  });
export type TInstallerUpload = z.output<typeof ZInstallerUpload>;

export const ZInstallerCreated = z.object({
  id: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});

export const ZInstallerListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(64).optional().describe('Part of the name, version or system'),
  kind: ZEngineKind.optional(),
});
export type TInstallerListRequest = z.output<typeof ZInstallerListRequest>;

export const ZInstallerItem = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  version: z.string(),
  kind: ZEngineKind,
  systemVersion: z.string(),
  description: z.string(),
  size: z.number().int().describe('Bytes'),
  sha256: z.string().describe('Lower-case hex SHA-256 of the file'),
  uploader: z.string().describe('The account that uploaded it'),
  createdAt: ZIsoTime,
});
export type TInstallerItem = z.infer<typeof ZInstallerItem>;

export const ZInstallerList = ZList(ZInstallerItem);
export type TInstallerList = z.infer<typeof ZInstallerList>;

export const ZInstallerDownloadParams = z.object({
  owner: z.string().max(64).describe('The tenant id'),
  type: z.string().max(64).describe("The installer's id"),
});
