import type { LicencePageCache } from './licence-page-cache.ts';
import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform/platform.ts';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import type { TIssueResult, TUploadResult } from '@edp/shared/contracts/com';
import { LICENCE_FILE_VERSION, licenceCost } from '@edp/shared/contracts/licence-file';
import { AppError } from '../../platform/errors/index.ts';
import { isUniqueViolation, randomCode, type Db } from '../../platform/db/index.ts';
import { parseRequestFile, signElevation, signLicence } from './licence-file.ts';
import { licenceRepository, type IssueRecordRow } from './licence-repository.ts';

type Deps = Pick<Platform, 'db' | 'clock' | 'vendorKeys'> & { licencePages: LicencePageCache };

/** A device id as it may appear in a download's file name. */
export const safeFileName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
const compactTime = (d: Date) => d.toISOString().replace(/[-:]|\.\d+Z$/g, '');

/** Licence requests, certificates (signed and paid in one transaction) and elevation files. */
export function licenceService({ db, clock: now, vendorKeys, licencePages }: Deps) {
  const repo = licenceRepository(db);
  const { privateKey, kid } = vendorKeys;

  async function answerIssued(companyId: string, record: IssueRecordRow): Promise<TIssueResult> {
    return {
      recordId: record.id,
      licenseId: record.licenceId,
      serial: record.serial,
      expiresAt: record.validUntil.toISOString(),
      balance: await repo.balanceOf(companyId),
      alreadyIssued: true,
    };
  }

  return {
    /** Parses and records an uploaded `.dat`; uploading it again changes nothing. */
    async upload(companyId: string, fileBase64: string): Promise<TUploadResult> {
      const file = parseRequestFile(fileBase64);
      if (!file) throw new AppError(PortalErr.ParseError);
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
      const { request, engine, issued } = found!;
      if (
        engine.deviceId !== file.deviceId ||
        engine.kind !== file.kind ||
        request.fingerprint !== file.fingerprint
      ) {
        throw new AppError(PortalErr.RequestMismatch);
      }
      return {
        requestId: request.requestId,
        deviceId: engine.deviceId,
        kind: file.kind,
        fingerprint: request.fingerprint,
        installedSerial: request.installedSerial,
        monthsAsked: request.monthsAsked,
        cost: licenceCost(request.monthsAsked),
        balance: await repo.balanceOf(companyId),
        alreadyIssued: !!issued,
        recordId: issued?.id ?? null,
      };
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
          const r = licenceRepository(tx as unknown as Db);
          const balance = await r.deduct(companyId, cost);
          if (balance === undefined) throw new AppError(PortalErr.BalanceLow);
          const issuedAt = new Date(now());
          const licence = await r.upsertLicence({
            companyId,
            engineId: engine.id,
            code: `EDP-${randomCode(4)}`,
            installedSerial: request.installedSerial,
            months,
            issuedAt,
          });
          const fileText = signLicence(
            {
              ver: LICENCE_FILE_VERSION,
              licenseCode: licence.code,
              serial: licence.serial,
              requestId,
              fingerprint: request.fingerprint,
              kind: engine.kind as never,
              issuedAt: issuedAt.getTime(),
              expiresAt: licence.expiresAt.getTime(),
              maxDevices: licence.maxDevices,
            },
            privateKey,
            kid,
          );
          const recordId = await r.insertPaidIssueRecord(
            {
              companyId,
              type: 'licence',
              licenceId: licence.id,
              engineId: engine.id,
              deviceId: engine.deviceId,
              requestId,
              serial: licence.serial,
              months,
              cost,
              validFrom: issuedAt,
              validUntil: licence.expiresAt,
              fileName: `${safeFileName(engine.deviceId)}-${engine.kind}-${licence.serial}.lic`,
              fileText,
            },
            { companyId, type: 'issue', change: -cost, balanceAfter: balance },
          );
          return {
            recordId,
            licenseId: licence.id,
            serial: licence.serial,
            expiresAt: licence.expiresAt.toISOString(),
            balance,
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
