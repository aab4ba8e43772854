import { z } from 'zod';
import { ZList, ZListRequest } from './common.ts';
import { ZIsoTime } from './com.ts';
import { rule } from './field-rules.ts';
import { ZEngineKind } from './licence-file.ts';
import {
  MAX_INSTALLER_BASE64,
  VERSION_PATTERN,
  installerExtension,
  magicMatches,
} from './installer-format.ts';

export * from './installer-format.ts';

/** Installers and versions (/dv/m/installer/*, docs/engines.md "Installers"). */

/** The first bytes of a base64 text (enough for the magic), without decoding the rest. */
function headOf(base64: string): Uint8Array {
  try {
    const text = atob(base64.slice(0, 12));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

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
