import { z } from 'zod';
import { MAX_LICENCE_MONTHS } from '../constants.ts';
import { ZList, ZListRequest, ZUuid } from './common.ts';
import { ZIsoTime } from './com.ts';
import { COMMAND_ANSWERS } from './commands.ts';
import { ACTIVATION_STATES } from './engine.ts';
import { ZEngineKind, ZRequestId } from './licence-file.ts';
import { ZTaskTarget, ZTaskExpiry } from './tasks.ts';
import { rule } from './field-rules.ts';
import { ZFileRefusal, ZUploadedFile } from './uploads.ts';
import { LICENCE_PURPOSES, LICENCE_STATES } from './licences-values.ts';

export * from './licences-values.ts';

/**
 * Activation and renewal in the console (docs/licences.md): request files made from what the
 * engine says of itself, certificates checked with the vendor key this console is configured
 * with and delivered to the engine, and the tenant's licence view.
 */

/** The most certificates one upload carries. */
export const CERTIFICATES_MAX = 1_000;
/** A certificate's text is a few hundred bytes; this bounds a wrong file. */
export const CERTIFICATE_TEXT_MAX = 64 * 1024;
/** A zip of a thousand certificates is under 1 MiB. */
export const CERTIFICATE_ARCHIVE_MAX = 2 * 1024 * 1024;

const ZMonths = z.number().int().min(1).max(MAX_LICENCE_MONTHS);

/** `/sync/m/rd`, `/sync/m/renew/request`: one device's request file, the engine asked now. */
export const ZRequestFileAsk = z.object({ deviceId: ZUuid, months: ZMonths });
export const ZRequestFile = z.object({
  requestId: ZRequestId,
  /** e.g. `host-7-TDE-act-0f3a….dat` */
  fileName: z.string(),
  /** The `.dat` text (docs/licence-format.md): base64 of canonical JSON. */
  file: z.string(),
  installedSerial: z.number().int().min(0),
});
export type TRequestFile = z.infer<typeof ZRequestFile>;

/** `/sync/m/rd/np`: request files for many devices in one archive, from what each reported. */
export const ZRequestArchiveAsk = z.object({ target: ZTaskTarget, months: ZMonths });
export const ZRequestArchive = z.object({
  fileName: z.string(),
  /** A zip of one `.dat` per device, base64. */
  archive: z.string(),
  count: z.number().int(),
  /** Devices that never reported a fingerprint (added by hand, never enrolled): no file. */
  skipped: z.array(z.object({ id: ZUuid, name: z.string() })),
});
export type TRequestArchive = z.infer<typeof ZRequestArchive>;

const ZCertificateText = z.string().max(CERTIFICATE_TEXT_MAX);

/** `/sync/m/act`, `/sync/m/renew`: a certificate for one device, delivered while the caller waits. */
export const ZCertificateUpload = z.object({ deviceId: ZUuid, certificate: ZCertificateText });
export const ZInstalledLicence = COMMAND_ANSWERS['licence.install'];
export type TInstalledLicence = z.infer<typeof ZInstalledLicence>;

/** The most zip archives of certificates one upload carries (the portal makes one per batch). */
export const CERTIFICATE_ARCHIVES_MAX = 10;

/**
 * `/sync/m/finalize`: certificates for many devices, each matched to its device by its request:
 * `.lic` texts, zip archives of them as the portal gives them (base64), or both.
 */
export const ZCertificateBatch = z
  .object({
    certificates: z
      .array(z.object({ fileName: z.string().max(255), text: ZCertificateText }))
      .max(CERTIFICATES_MAX)
      .default([]),
    archives: z
      .array(ZUploadedFile(Math.ceil((CERTIFICATE_ARCHIVE_MAX * 4) / 3) + 4))
      .max(CERTIFICATE_ARCHIVES_MAX)
      .default([]),
    expiresInHours: ZTaskExpiry,
  })
  .refine((b) => b.certificates.length + b.archives.length > 0, {
    message: rule('certificatesOrArchive'),
    path: ['certificates'],
  });
export const ZCertificateBatchResult = z.object({
  /** The task delivering the accepted ones; null when none was accepted. */
  taskId: ZUuid.nullable(),
  accepted: z.array(z.object({ fileName: z.string(), id: ZUuid, name: z.string() })),
  refused: z.array(ZFileRefusal),
});
export type TCertificateBatchResult = z.infer<typeof ZCertificateBatchResult>;

/** `/dv/m/licences`: the tenant's licences, expired and expiring first. */
export const ZLicenceListRequest = ZListRequest.extend({
  state: z.enum(LICENCE_STATES).optional(),
  groupId: ZUuid.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const ZLicenceItem = z.object({
  id: ZUuid,
  name: z.string(),
  number: z.string(),
  groupName: z.string(),
  kind: ZEngineKind,
  activation: z.enum(ACTIVATION_STATES),
  licenseCode: z.string().nullable(),
  serial: z.number().int().nullable(),
  expiresAt: ZIsoTime.nullable(),
  /** Whole days left (negative once expired); null without a licence. */
  daysLeft: z.number().int().nullable(),
  state: z.enum(LICENCE_STATES),
});
export type TLicenceItem = z.infer<typeof ZLicenceItem>;
export const ZLicenceList = ZList(ZLicenceItem);

/** `/dv/m/licence/records`: a device's requests not yet answered, and its installs. */
export const ZLicenceRecords = z.object({
  outstanding: z.array(
    z.object({
      requestId: ZRequestId,
      purpose: z.enum(LICENCE_PURPOSES),
      months: z.number().int(),
      installedSerial: z.number().int(),
      createdAt: ZIsoTime,
      createdBy: z.string(),
    }),
  ),
  records: z.array(
    z.object({
      at: ZIsoTime,
      by: z.string(),
      purpose: z.enum(LICENCE_PURPOSES),
      licenseCode: z.string(),
      serial: z.number().int(),
      expiresAt: z.string(),
      taskId: ZUuid.nullable(),
    }),
  ),
});
export type TLicenceRecords = z.infer<typeof ZLicenceRecords>;
