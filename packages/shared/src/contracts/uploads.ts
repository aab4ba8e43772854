import { z } from 'zod';
import { rule } from './field-rules.ts';

/**
 * Files a person uploads several at a time, loose or in zip archives: the portal's licence
 * requests (`.dat`) and the console's certificates (`.lic`). An archive is read on the server
 * within these limits (platform/archive), so that a small zip cannot unpack into gigabytes (a
 * "zip bomb") and no entry's name is taken for a path.
 */

/** The most entries one archive may hold (directories included); more refuses the archive. */
export const ARCHIVE_FILES_MAX = 1_000;
/** The most one archive's entries may add up to, unpacked; more refuses the archive. */
export const ARCHIVE_UNPACKED_MAX = 16 * 1024 * 1024;
/** The most one entry may unpack to: a request or a certificate is a few hundred bytes. */
export const ARCHIVE_FILE_MAX = 64 * 1024;
/** A file's name as uploaded (an entry of an archive is named `archive.zip/entry`). */
export const FILE_NAME_MAX = 255;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One uploaded file: its name and its bytes in base64. */
export const ZUploadedFile = (maxBase64: number) =>
  z.object({
    fileName: z.string().trim().min(1).max(FILE_NAME_MAX),
    data: z
      .string()
      .min(1)
      .max(maxBase64)
      .regex(BASE64, rule('base64'))
      .describe("base64 of the file's bytes"),
  });
export type TUploadedFile = { fileName: string; data: string };

/** One file refused, by the name it was uploaded under, with the localised reason. */
export const ZFileRefusal = z.object({
  fileName: z.string(),
  code: z.number().int(),
  message: z.string(),
});
export type TFileRefusal = z.infer<typeof ZFileRefusal>;
