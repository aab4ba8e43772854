import { TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { rule } from './field-rules.ts';
import { PHONE_PATTERN } from '../rules.ts';
import {
  ZEmail as ZEmailAddress,
  ZList,
  ZListRequest,
  ZPasswordDigest,
  ZSixDigits,
  ZUuid,
} from './common.ts';
import {
  MAX_ELEVATION_SECONDS,
  MAX_LICENCE_MONTHS,
  ZDeviceId,
  ZEngineKind,
  ZRequestId,
} from './licence-file.ts';
import { ZFileRefusal, ZUploadedFile } from './uploads.ts';

/** Customer portal calls (docs/architecture.md §6); docs/portal.md explains the rules behind them. */

export const ZEmail = ZEmailAddress.describe(
  'E-mail address (the account name), compared case-insensitively',
);
export const ZCaptchaAnswer = z
  .string()
  .trim()
  .max(16)
  .default('')
  .describe('Answer to the captcha image last fetched by this browser');
export const ZEmailCode = ZSixDigits.describe('E-mail code');
export const ZIsoTime = z.string().describe('ISO 8601 time (UTC)');

// ---- accounts ----

export const ZCheckEmail = z.object({ email: ZEmail });
export const ZCheckEmailResult = z.object({ exists: z.boolean() });

export const ZSendEmailCode = z.object({
  email: ZEmail,
  captcha: ZCaptchaAnswer,
  type: z.enum(['register', 'reset']).describe('What the code is for'),
});
export type TSendEmailCode = z.infer<typeof ZSendEmailCode>;

export const ZResetCodeRequest = z.object({ email: ZEmail, captcha: ZCaptchaAnswer });

export const ZRegister = z.object({
  email: ZEmail,
  password: ZPasswordDigest,
  code: ZEmailCode,
  company: z.string().trim().min(1).max(TEXT_MAX.company).describe('Company name'),
  contact: z.string().trim().max(TEXT_MAX.short).optional().describe('Contact person'),
  phone: z
    .string()
    .trim()
    .max(20, rule('phone'))
    .refine((v) => v === '' || PHONE_PATTERN.test(v), rule('phone'))
    .optional()
    .describe('Mainland China mobile number, optional'),
});
export type TRegister = z.infer<typeof ZRegister>;

export const ZLogin = z.object({
  email: ZEmail,
  password: ZPasswordDigest,
  captcha: ZCaptchaAnswer,
});

export const ZCompanySummary = z.object({
  id: z.string(),
  email: z.string(),
  company: z.string(),
  balance: z.number().int().describe('Balance in months'),
});
export type TCompanySummary = z.infer<typeof ZCompanySummary>;

export const ZLoginResult = z.object({
  token: z.string().describe('Send as X-Token on every signed-in call'),
  company: ZCompanySummary,
});

export const ZCompanyInfo = ZCompanySummary.extend({
  contact: z.string(),
  phone: z.string(),
  createdAt: ZIsoTime,
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

export const ZResetPassword = z.object({
  email: ZEmail,
  code: ZEmailCode,
  password: ZPasswordDigest,
});

export const ZChangePassword = z.object({
  oldPassword: ZPasswordDigest,
  newPassword: ZPasswordDigest,
});

// ---- balance ----

export const ZRecharge = z.object({
  code: z.string().trim().min(1).max(64).describe('Recharge code, dashes and case ignored'),
});
export const ZRechargeResult = z.object({
  balance: z.number().int().describe('New balance in months'),
  months: z.number().int().describe('Months the code added'),
});

export const ZBalanceRecord = z.object({
  id: z.string(),
  type: z.enum(['recharge', 'issue']),
  change: z.number().int().describe('Months added (+) or deducted (−)'),
  balanceAfter: z.number().int(),
  createdAt: ZIsoTime,
  packageName: z.string().nullable().describe('Recharge: the package of the code'),
  recordId: z.string().nullable().describe('Issue: the issue record paid for'),
  licenseCode: z.string().nullable(),
  deviceId: z.string().nullable(),
  kind: z.string().nullable(),
});
export type TBalanceRecord = z.infer<typeof ZBalanceRecord>;
export const ZBalanceResult = ZList(ZBalanceRecord).extend({ balance: z.number().int() });

// ---- licences ----

export const ZLicenceStatus = z
  .enum(['normal', 'expiring', 'expired'])
  .describe('expiring: under LICENCE_WARNING_DAYS (30) left');
export type TLicenceStatus = z.infer<typeof ZLicenceStatus>;

export const ZLicenceListRequest = ZListRequest.extend({ status: ZLicenceStatus.optional() });

export const ZLicenceItem = z.object({
  id: z.string(),
  code: z.string().describe('Licence code, stable across renewals'),
  kind: ZEngineKind,
  deviceId: z.string(),
  status: ZLicenceStatus,
  serial: z.number().int(),
  issuedAt: ZIsoTime,
  expiresAt: ZIsoTime,
  remainingDays: z.number().int().describe('Whole days left, rounded up; 0 once expired'),
  deviceCount: z.number().int(),
  maxDevices: z.number().int(),
  certificateId: z
    .string()
    .nullable()
    .describe('Issue record of the newest certificate (GET /com/dw/{id} downloads it)'),
});
export type TLicenceItem = z.infer<typeof ZLicenceItem>;

export const ZLicenceRef = z.object({ licenseId: ZUuid });
export const ZLicenceRecordsRequest = ZListRequest.extend({ licenseId: ZUuid });

export const ZSubLicence = ZLicenceItem.pick({
  kind: true,
  deviceId: true,
  status: true,
  serial: true,
  issuedAt: true,
  expiresAt: true,
  remainingDays: true,
}).extend({ licenseId: z.string(), name: z.string(), fingerprint: z.string() });
export type TSubLicence = z.infer<typeof ZSubLicence>;
export const ZSubLicenceList = z.object({ list: z.array(ZSubLicence) });

export const ZIssueRecord = z.object({
  id: z.string().describe('Record id; GET /api/com/dw/{id} downloads its file'),
  type: z.enum(['licence', 'elevation']),
  licenseId: z.string(),
  licenseCode: z.string(),
  deviceId: z.string(),
  kind: z.string(),
  requestId: z.string().nullable(),
  serial: z.number().int(),
  months: z.number().int(),
  cost: z.number().int(),
  validFrom: ZIsoTime,
  validUntil: ZIsoTime,
  fileName: z.string(),
  createdAt: ZIsoTime,
  renewal: z
    .boolean()
    .describe('A certificate of a licence issued before (a renewal), not its first certificate'),
});
export type TIssueRecord = z.infer<typeof ZIssueRecord>;

// ---- devices (engines) ----

export const ZDeviceType = z
  .number()
  .int()
  .min(-1)
  .max(5)
  .describe('-1 unlicensed, 0 TDE, 1 DI, 2 DPI, 3 PWE, 4 PWO (licensed), 5 licence expired');

export type TDeviceType = z.infer<typeof ZDeviceType>;

export const ZDeviceListRequest = ZListRequest.extend({
  kind: ZEngineKind.optional(),
  type: ZDeviceType.optional(),
  keyword: z.string().trim().max(100).optional().describe('Part of device id, name or fingerprint'),
});

export const ZEngineItem = z.object({
  id: z.string().describe('Engine id'),
  deviceId: z.string(),
  name: z.string(),
  kind: ZEngineKind,
  fingerprint: z.string(),
  type: ZDeviceType,
  licenceStatus: z.enum(['unlicensed', 'normal', 'expiring', 'expired']),
  licenseId: z.string().nullable(),
  expiresAt: ZIsoTime.nullable(),
  remainingDays: z.number().int().nullable(),
  lastIssuedAt: ZIsoTime.nullable(),
  lastRequestAt: ZIsoTime,
});
export type TEngineItem = z.infer<typeof ZEngineItem>;

export const ZDeviceList = ZList(ZEngineItem).extend({
  counts: z
    .record(z.string(), z.number().int())
    .describe('Engines per type over the whole company, keys "-1" … "5"'),
});

export type TDeviceListRequest = z.infer<typeof ZDeviceListRequest>;

export const ZDeviceRef = z.object({ deviceId: ZDeviceId });
export const ZDeviceRecordsRequest = ZListRequest.extend({ deviceId: ZDeviceId });
export const ZAllRecordsRequest = ZListRequest.extend({
  type: z.enum(['licence', 'elevation']).optional(),
});

export const ZDeviceInfo = z.object({
  deviceId: z.string(),
  name: z.string(),
  fingerprint: z.string(),
  createdAt: ZIsoTime,
  lastRequestAt: ZIsoTime,
  engines: z.array(ZEngineItem).describe('One per engine kind on the device, with its licence'),
  records: z.array(ZIssueRecord).describe('The 10 most recent issue records of the device'),
});
export type TDeviceInfo = z.infer<typeof ZDeviceInfo>;

// ---- licence requests, certificates, elevation ----

/** base64 grows 4/3: a 10 MiB `.dat` is about 13.4 MiB of text. */
export const MAX_UPLOAD_BASE64 = Math.ceil((10 * 1024 * 1024 * 4) / 3) + 4;

export const ZUploadRequest = z.object({
  file: z.string().min(1).max(MAX_UPLOAD_BASE64).describe('base64 of the uploaded .dat file'),
});

export const ZUploadResult = z.object({
  requestId: z.string(),
  deviceId: z.string(),
  name: z.string().describe('The device name the request carries (may be empty)'),
  renewal: z
    .boolean()
    .describe(
      'The device already holds a licence code of this kind: issuing renews it (same code, higher serial)',
    ),
  kind: ZEngineKind,
  fingerprint: z.string(),
  installedSerial: z.number().int(),
  monthsAsked: z.number().int(),
  cost: z.number().int().describe('Months deducted for monthsAsked (1 month costs 1)'),
  balance: z.number().int(),
  alreadyIssued: z.boolean().describe('A certificate exists for this request already'),
  recordId: z.string().nullable().describe('Its issue record when alreadyIssued'),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;

export const ZIssueRequest = z.object({
  requestId: ZRequestId,
  months: z.number().int().min(1).max(MAX_LICENCE_MONTHS).describe('Months to licence'),
});

export const ZIssueResult = z.object({
  recordId: z.string().describe('GET /api/com/dw/{recordId} downloads the certificate'),
  licenseId: z.string(),
  serial: z.number().int(),
  expiresAt: ZIsoTime,
  balance: z.number().int(),
  alreadyIssued: z.boolean().describe('True when this request had been issued before'),
});
export type TIssueResult = z.infer<typeof ZIssueResult>;

/** The most requests one upload reads and one batch issues. */
export const REQUEST_BATCH_MAX = 1_000;

/** `/com/auth/devices`: many request files at once, loose `.dat` files or zip archives of them. */
export const ZRequestBatchUpload = z.object({
  files: z.array(ZUploadedFile(MAX_UPLOAD_BASE64)).min(1).max(REQUEST_BATCH_MAX),
});
export const ZRequestBatchRead = z.object({
  read: z
    .array(
      ZUploadResult.omit({ balance: true }).extend({
        fileName: z.string().describe('The file it was read from (`archive.zip/entry.dat`)'),
      }),
    )
    .describe('Each request read and recorded, in the order of the files'),
  refused: z.array(ZFileRefusal).describe('Files not read, each with its reason'),
  cost: z.number().int().describe('Months the requests not issued yet cost together'),
  balance: z.number().int(),
});
export type TRequestBatchRead = z.infer<typeof ZRequestBatchRead>;

/** `/com/issue/batch`: certificates for many uploaded requests, paid together or not at all. */
export const ZIssueBatchRequest = z.object({
  items: z.array(ZIssueRequest).min(1).max(REQUEST_BATCH_MAX),
});
export const ZIssueBatchResult = z.object({
  /** e.g. `certificates-2026-11-26-12.zip`: one `.lic` per device, named by the device. */
  fileName: z.string(),
  archive: z.string().describe('The zip of the certificates, base64'),
  issued: z.array(
    z.object({
      requestId: z.string(),
      deviceId: z.string(),
      name: z.string(),
      kind: ZEngineKind,
      /** The certificate's name in the archive: the device name made safe, unique. */
      fileName: z.string(),
      recordId: z.string(),
      licenseCode: z.string(),
      serial: z.number().int(),
      expiresAt: ZIsoTime,
      renewal: z.boolean(),
      alreadyIssued: z.boolean().describe('Issued before: its certificate again, nothing paid'),
    }),
  ),
  cost: z.number().int().describe('Months deducted by this call'),
  balance: z.number().int(),
});
export type TIssueBatchResult = z.infer<typeof ZIssueBatchResult>;

export const ZElevationRequest = z.object({
  deviceId: ZDeviceId,
  seconds: z.number().int().min(1).max(MAX_ELEVATION_SECONDS).describe('Length of the window'),
});
export const ZElevationResult = z.object({
  recordId: z.string(),
  validFrom: ZIsoTime,
  validUntil: ZIsoTime,
});

export const ZVendorKey = z.object({
  publicKeyPem: z.string().describe('Ed25519 public key, SPKI PEM'),
  kid: z.string().describe('Key id: first 16 hex digits of SHA-256 over the SPKI DER'),
  alg: z.literal('ed25519'),
});

export const ZDownloadParams = z.object({ id: z.string().max(64) });
