import type { LicencePageCache } from './licence-page-cache.ts';
import type { BalanceService } from '../balance/index.ts';
import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform/platform.ts';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import type { TIssueResult, TUploadResult } from '@edp/shared/contracts/com';
import type { TLicenceRequestFile } from '@edp/shared/contracts/licence-file';
import { LICENCE_FILE_VERSION, licenceCost } from '@edp/shared/contracts/licence-file';
import { AppError } from '../../platform/errors/index.ts';
import { isUniqueViolation, randomCode, type Db } from '../../platform/db/index.ts';
import { parseRequestFile, signElevation, signLicence } from './licence-file.ts';
import type { issueRecords } from '../../platform/db/index.ts';
import {
  licenceRepository,
  type EngineRow,
  type IssueRecordRow,
  type LicenceRequestRow,
  type LicenceRow,
} from './licence-repository.ts';

type Deps = Pick<Platform, 'db' | 'clock' | 'vendorKeys'> & {
  licencePages: LicencePageCache;
  /** The balance pays for certificates: portal/balance, in the issue's transaction. */
  balance: Pick<BalanceService, 'current' | 'debit' | 'recordPayments'>;
};

/** A device id as it may appear in a download's file name. */
export const safeFileName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
const compactTime = (d: Date) => d.toISOString().replace(/[-:]|\.\d+Z$/g, '');

/** An uploaded request as the repository finds it (`findRequest`). */
export type FoundRequest = NonNullable<
  Awaited<ReturnType<ReturnType<typeof licenceRepository>['findRequest']>>
>;

/** What an upload answers of a request it recorded (without the balance). */
export function uploadAnswer(found: FoundRequest): Omit<TUploadResult, 'balance'> {
  const { request, engine, issued } = found;
  return {
    requestId: request.requestId,
    deviceId: engine.deviceId,
    name: engine.name,
    // Issued: whether that certificate renewed; else whether the device holds a code already.
    renewal: issued ? found.issuedAsRenewal : found.licenceCode !== null,
    kind: engine.kind as TUploadResult['kind'],
    fingerprint: request.fingerprint,
    installedSerial: request.installedSerial,
    monthsAsked: request.monthsAsked,
    cost: licenceCost(request.monthsAsked),
    alreadyIssued: !!issued,
    recordId: issued?.id ?? null,
  };
}

/**
 * Records a parsed request file (once: uploading it again finds the first row) with its engine,
 * through `repo` (the caller's transaction, if any). The same request id with another device,
 * kind or fingerprint is refused (-10034).
 */
export async function recordRequest(
  repo: ReturnType<typeof licenceRepository>,
  companyId: string,
  file: TLicenceRequestFile,
): Promise<FoundRequest> {
  let found = await repo.findRequest(companyId, file.requestId);
  if (!found) {
    const engine = await repo.upsertEngine({
      companyId,
      deviceId: file.deviceId,
      kind: file.kind,
      name: file.name?.trim() ?? '',
      fingerprint: file.fingerprint,
    });
    await repo.insertRequest({
      companyId,
      engineId: engine.id,
      requestId: file.requestId,
      ver: file.ver,
      product: file.product,
      fingerprint: file.fingerprint,
      consoleTime: new Date(file.consoleTime),
      installedSerial: file.installedSerial,
      monthsAsked: file.monthsAsked,
    });
    found = await repo.findRequest(companyId, file.requestId);
  }
  if (!sameRequest(found!, file)) throw new AppError(PortalErr.RequestMismatch);
  return found!;
}

/** Is the recorded request the one this file holds (its device, kind and fingerprint)? */
export const sameRequest = ({ request, engine }: FoundRequest, file: TLicenceRequestFile) =>
  engine.deviceId === file.deviceId &&
  engine.kind === file.kind &&
  request.fingerprint === file.fingerprint;

/**
 * `recordRequest` for many files in four statements (the requests looked up, the new ones'
 * engines and rows written, all looked up again): each file's request, or -10034 for a request
 * id recorded for another device. The files name each (device, kind) at most once.
 */
export async function recordRequests(
  repo: ReturnType<typeof licenceRepository>,
  companyId: string,
  files: TLicenceRequestFile[],
): Promise<(FoundRequest | AppError)[]> {
  const ids = files.map((f) => f.requestId);
  const known = new Set((await repo.findRequests(companyId, ids)).map((f) => f.request.requestId));
  const fresh = files.filter((f) => !known.has(f.requestId));
  const engineOf = new Map(
    (
      await repo.upsertEngines(
        fresh.map((f) => ({
          companyId,
          deviceId: f.deviceId,
          kind: f.kind,
          name: f.name?.trim() ?? '',
          fingerprint: f.fingerprint,
        })),
      )
    ).map((e) => [`${e.deviceId}\n${e.kind}`, e.id]),
  );
  await repo.insertRequests(
    fresh.map((f) => ({
      companyId,
      engineId: engineOf.get(`${f.deviceId}\n${f.kind}`)!,
      requestId: f.requestId,
      ver: f.ver,
      product: f.product,
      fingerprint: f.fingerprint,
      consoleTime: new Date(f.consoleTime),
      installedSerial: f.installedSerial,
      monthsAsked: f.monthsAsked,
    })),
  );
  const found = new Map(
    (await repo.findRequests(companyId, ids)).map((f) => [f.request.requestId, f]),
  );
  return files.map((file) => {
    const f = found.get(file.requestId)!;
    return sameRequest(f, file) ? f : new AppError(PortalErr.RequestMismatch);
  });
}

/** A new licence's code. */
export const newLicenceCode = () => `EDP-${randomCode(4)}`;

/** What a certificate needs of its licence once created or renewed. */
export type IssuedLicence = Pick<LicenceRow, 'id' | 'code' | 'serial' | 'expiresAt' | 'maxDevices'>;

/** A certificate signed and recorded in the caller's transaction (its payment recorded beside). */
export interface SignedCertificate {
  recordId: string;
  licenceId: string;
  licenceCode: string;
  serial: number;
  expiresAt: Date;
  fileText: string;
}

/**
 * Licence requests, certificates (signed and paid in one transaction) and elevation files.
 * Many at once: licence-batch-service.ts.
 */
export function licenceService({ db, clock: now, vendorKeys, licencePages, balance }: Deps) {
  const repo = licenceRepository(db);
  const { privateKey, kid } = vendorKeys;

  async function answerIssued(companyId: string, record: IssueRecordRow): Promise<TIssueResult> {
    return {
      recordId: record.id,
      licenseId: record.licenceId,
      serial: record.serial,
      expiresAt: record.validUntil.toISOString(),
      balance: await balance.current(companyId),
      alreadyIssued: true,
    };
  }

  /** The signed certificate of a request under its licence as it stands after the upsert. */
  function certificateOf(
    { request, engine }: { request: LicenceRequestRow; engine: EngineRow },
    licence: IssuedLicence,
    issuedAt: Date,
  ): string {
    return signLicence(
      {
        ver: LICENCE_FILE_VERSION,
        licenseCode: licence.code,
        serial: licence.serial,
        requestId: request.requestId,
        fingerprint: request.fingerprint,
        kind: engine.kind as never,
        issuedAt: issuedAt.getTime(),
        expiresAt: licence.expiresAt.getTime(),
        maxDevices: licence.maxDevices,
      },
      privateKey,
      kid,
    );
  }

  /** The issue record of a certificate (and its file), as every issue writes it. */
  function recordOf(
    companyId: string,
    { request, engine }: { request: LicenceRequestRow; engine: EngineRow },
    licence: IssuedLicence,
    months: number,
    issuedAt: Date,
    fileText: string,
  ): typeof issueRecords.$inferInsert {
    return {
      companyId,
      type: 'licence',
      licenceId: licence.id,
      engineId: engine.id,
      deviceId: engine.deviceId,
      requestId: request.requestId,
      serial: licence.serial,
      months,
      cost: licenceCost(months),
      validFrom: issuedAt,
      validUntil: licence.expiresAt,
      fileName: `${safeFileName(engine.deviceId)}-${engine.kind}-${licence.serial}.lic`,
      fileText,
    };
  }

  /**
   * Signs a certificate for a request and records it with its payment (portal/balance's history
   * row, the balance after it `balanceAfter`), in the caller's transaction `tx`: the licence is
   * created, or renewed under its code with a higher serial.
   */
  async function signInto(
    tx: Db,
    companyId: string,
    found: { request: LicenceRequestRow; engine: EngineRow },
    months: number,
    issuedAt: Date,
    balanceAfter: number,
  ): Promise<SignedCertificate> {
    const r = licenceRepository(tx);
    const licence = await r.upsertLicence({
      companyId,
      engineId: found.engine.id,
      code: newLicenceCode(),
      installedSerial: found.request.installedSerial,
      months,
      issuedAt,
    });
    const fileText = certificateOf(found, licence, issuedAt);
    const recordId = randomUUID();
    await r.insertIssueRecords([
      { ...recordOf(companyId, found, licence, months, issuedAt, fileText), id: recordId },
    ]);
    await balance.recordPayments(tx, [
      { companyId, issueRecordId: recordId, cost: licenceCost(months), balanceAfter },
    ]);
    return {
      recordId,
      licenceId: licence.id,
      licenceCode: licence.code,
      serial: licence.serial,
      expiresAt: licence.expiresAt,
      fileText,
    };
  }

  return {
    certificateOf,
    recordOf,

    /** Parses and records an uploaded `.dat`; uploading it again changes nothing. */
    async upload(companyId: string, fileBase64: string): Promise<TUploadResult> {
      const file = parseRequestFile(fileBase64);
      if (!file) throw new AppError(PortalErr.ParseError);
      const found = await recordRequest(repo, companyId, file);
      return { ...uploadAnswer(found), balance: await balance.current(companyId) };
    },

    /**
     * Signs the certificate for an uploaded request and pays for it in one transaction. The
     * conditional UPDATE keeps the balance from going below zero under concurrent issues; the
     * unique (company, requestId) makes a repeated issue find the first certificate instead.
     */
    async issue(companyId: string, requestId: string, months: number): Promise<TIssueResult> {
      const found = await repo.findRequest(companyId, requestId);
      if (!found) throw new AppError(CommonErr.NotFound);
      const { request, engine, issued: earlier } = found;
      if (earlier) return answerIssued(companyId, earlier);
      const cost = licenceCost(months);
      try {
        const issued = await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          const after = await balance.debit(t, companyId, cost);
          if (after === undefined) throw new AppError(PortalErr.BalanceLow);
          const signed = await signInto(
            t,
            companyId,
            { request, engine },
            months,
            new Date(now()),
            after,
          );
          return {
            recordId: signed.recordId,
            licenseId: signed.licenceId,
            serial: signed.serial,
            expiresAt: signed.expiresAt.toISOString(),
            balance: after,
            alreadyIssued: false,
          };
        });
        // After the commit, so that no page read before it is kept (ttl-cache.ts).
        licencePages.changed(companyId);
        return issued;
      } catch (err) {
        // A concurrent issue of the same request won the race: answer with its certificate.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.findIssueByRequest(companyId, requestId);
        if (!winner) throw err;
        return answerIssued(companyId, winner);
      }
    },

    /** A signed elevation window for a device with a valid licence (free of charge). */
    async elevate(companyId: string, deviceId: string, seconds: number) {
      const found = await repo.longestLicenceOfDevice(companyId, deviceId);
      if (!found) {
        const known = await repo.hasDevice(companyId, deviceId);
        throw new AppError(known ? PortalErr.NoValidLicence : CommonErr.NotFound);
      }
      const { licence, engine } = found;
      const validFrom = new Date(now());
      if (licence.expiresAt <= validFrom) throw new AppError(PortalErr.NoValidLicence);
      // The window never outlives the licence it is granted under.
      const validUntil = new Date(
        Math.min(validFrom.getTime() + seconds * 1000, licence.expiresAt.getTime()),
      );
      const id = randomUUID();
      const fileText = signElevation(
        {
          ver: LICENCE_FILE_VERSION,
          elevationId: id,
          deviceId: engine.deviceId,
          fingerprint: engine.fingerprint,
          issuedAt: validFrom.getTime(),
          validFrom: validFrom.getTime(),
          validUntil: validUntil.getTime(),
        },
        privateKey,
        kid,
      );
      await repo.insertIssueRecord({
        id,
        companyId,
        type: 'elevation',
        licenceId: licence.id,
        engineId: engine.id,
        deviceId: engine.deviceId,
        requestId: null,
        serial: licence.serial,
        validFrom,
        validUntil,
        fileName: `${safeFileName(engine.deviceId)}-${compactTime(validFrom)}.ele`,
        fileText,
      });
      return {
        recordId: id,
        validFrom: validFrom.toISOString(),
        validUntil: validUntil.toISOString(),
      };
    },

    /** The file of an issue record of this company; another company's id is not found. */
    async download(companyId: string, id: string) {
      const record = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findRecord(companyId, id) : undefined;
      if (!record) throw new AppError(CommonErr.NotFound);
      return { fileName: record.fileName, fileText: record.fileText };
    },
  };
}
export type LicenceService = ReturnType<typeof licenceService>;
