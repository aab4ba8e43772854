import { randomBytes } from 'node:crypto';
import { daysLeft } from '@edp/shared/licence-days';
import { strToU8, zipSync } from 'fflate';
import type { TTaskTarget } from '@edp/shared/contracts/tasks';
import {
  CERTIFICATES_MAX,
  type LicencePurpose,
  type LicenceState,
  type TCertificateBatchResult,
  type TInstalledLicence,
  type TLicenceRecords,
  type TRequestArchive,
  type TRequestFile,
} from '@edp/shared/contracts/licences';
import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';
import { LICENCE_FILE_VERSION } from '@edp/shared/contracts/licence-file';
import { CommandErr, EngineErr, errorMessage, type Locale } from '@edp/shared/errors';
import { openCertificate } from '@edp/shared/licence/verify';
import { encodeRequestFile } from '@edp/shared/licence-request';
import { FILE_NAME_MAX, type TUploadedFile } from '@edp/shared/contracts/uploads';
import { readZip } from '../../platform/archive/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import { certificateRefusal } from './certificate-refusal.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import { touchedDevices, type AuditService } from '../audit/index.ts';
import type { SyncService, TaskService } from '../commands/index.ts';
import { deviceScope } from '../devices/index.ts';
import { deviceLicenceReadModel, deviceReadModel } from '../store/index.ts';
import { type DeviceRow } from '../store/index.ts';
import { licenceRepository, type LicenceRequestRow } from './licence-repository.ts';

/** A file name's part made of a device's name: letters, digits, dot, dash and underscore. */
const safe = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 60) || 'device';

/** The serial of the device's valid licence as the console knows it, 0 when none. */
const validSerial = (d: Pick<DeviceRow, 'licenceSerial' | 'licenceExpiresAt'>, now: number) =>
  d.licenceSerial !== null && d.licenceExpiresAt && d.licenceExpiresAt.getTime() > now
    ? d.licenceSerial
    : 0;

/**
 * Activation and renewal (docs/licences.md): request files made of what the engine says of
 * itself, certificates checked in the order of docs/licence-format.md with the vendor key this
 * console is configured with (never one a user uploads), then delivered to the engine, one while
 * the caller waits or many as a task.
 */
export function deviceLicenceService(
  deps: Pick<Platform, 'db' | 'clock' | 'vendorKeys'> & {
    sync: SyncService;
    tasks: TaskService;
    audit: AuditService;
    /** The version of the engine this console serves: the device filter's "outdated". */
    servedVersion: () => Promise<string>;
  },
) {
  const { db, clock, sync, tasks } = deps;
  const repo = licenceRepository(db);
  const licences = deviceLicenceReadModel(db);
  const vendorKey = deps.vendorKeys.publicKey;

  const newRequest = (
    caller: Caller,
    device: Pick<DeviceRow, 'id' | 'tenantId'>,
    r: Pick<LicenceRequestRow, 'purpose' | 'kind' | 'fingerprint' | 'installedSerial' | 'months'>,
    now: number,
  ): LicenceRequestRow => ({
    ...r,
    requestId: randomBytes(16).toString('hex'),
    tenantId: device.tenantId,
    deviceId: device.id,
    createdBy: caller.actor.account,
    createdAt: new Date(now),
  });

  const fileOf = (row: LicenceRequestRow, name: string) => ({
    fileName: `${safe(name)}-${row.kind}-${row.purpose === 'renew' ? 'renew' : 'act'}-${row.requestId.slice(0, 8)}.dat`,
    file: encodeRequestFile({
      ver: LICENCE_FILE_VERSION,
      product: 'EDP',
      kind: row.kind,
      deviceId: row.deviceId,
      name: name.slice(0, 100),
      fingerprint: row.fingerprint,
      requestId: row.requestId,
      consoleTime: row.createdAt.getTime(),
      installedSerial: row.installedSerial,
      monthsAsked: row.months,
    }),
  });

  return {
    /**
     * Step 1: a request file for one device, made of what its engine answers now (fingerprint,
     * kind, the serial installed), never of what someone typed.
     */
    async requestFile(
      caller: Caller,
      id: string,
      months: number,
      purpose: LicencePurpose,
    ): Promise<TRequestFile> {
      const device = await sync.runningDevice(caller, id);
      const facts = await sync.run(caller, id, 'licence.request', {}, { months, purpose });
      if (purpose === 'renew' && facts.installedSerial === 0)
        throw new AppError(CommandErr.NothingToRenew);
      const row = newRequest(caller, device, { ...facts, purpose, months }, clock());
      await repo.insertRequest(row);
      return {
        requestId: row.requestId,
        installedSerial: row.installedSerial,
        ...fileOf(row, device.name),
      };
    },

    /**
     * Request files for many devices in one zip, made of what each engine last reported (the
     * fingerprint it enrolled with, the licence of its last check-in): offline ones too.
     */
    async requestArchive(
      caller: Caller,
      target: TTaskTarget,
      months: number,
    ): Promise<TRequestArchive> {
      const now = clock();
      const scope = await deviceScope(db, caller.actor, {
        status: 'running',
        now,
        filter: target.filter,
        ids: target.ids,
        servedVersion: deps.servedVersion,
      });
      const found = await licences.devicesOf(scope, CERTIFICATES_MAX + 1);
      if (found.length > CERTIFICATES_MAX)
        throw new AppError(CommandErr.TooManyDevices, {
          count: await deviceReadModel(db).count(scope),
          max: CERTIFICATES_MAX,
        });
      if (found.length === 0) throw new AppError(CommandErr.TargetEmpty);
      const skipped = found.filter((d) => !d.fingerprint).map(({ id, name }) => ({ id, name }));
      const rows = found
        .filter((d) => d.fingerprint)
        .map((d) => {
          const serial = validSerial(d, now);
          const purpose: LicencePurpose = serial > 0 ? 'renew' : 'activate';
          const r = { purpose, kind: d.kind, fingerprint: d.fingerprint!, installedSerial: serial };
          return { row: newRequest(caller, d, { ...r, months }, now), name: d.name };
        });
      await repo.insertRequests(rows.map((r) => r.row));
      await deps.audit.change(caller, {
        ...touchedDevices(rows.map(({ row, name }) => ({ id: row.deviceId, name }))),
        after: {
          months,
          files: rows.length,
          ...(target.filter ? { filter: target.filter } : {}),
          ...(target.every ? { every: true } : {}),
        },
      });
      const files: Record<string, Uint8Array> = {};
      for (const { row, name } of rows) {
        const { fileName, file } = fileOf(row, name);
        files[fileName] = strToU8(file);
      }
      const stamp = new Date(now).toISOString().slice(0, 10);
      return {
        fileName: `licence-requests-${stamp}-${rows.length}.zip`,
        archive: Buffer.from(zipSync(files)).toString('base64'),
        count: rows.length,
        skipped,
      };
    },

    /**
     * Step 4: a certificate for one device, checked here and then by the engine, which answers
     * while the caller waits; the device's kind, activation and licence are written with its
     * answer (engines/command-queue.ts), before the caller hears it.
     */
    async install(
      caller: Caller,
      id: string,
      certificate: string,
      purpose: LicencePurpose,
    ): Promise<TInstalledLicence> {
      const now = clock();
      const device = await sync.runningDevice(caller, id);
      const payload = certificate.trim() ? openCertificate(certificate, vendorKey) : undefined;
      if (!payload)
        throw new AppError(
          certificate.trim() ? EngineErr.SignatureFailed : EngineErr.LicenceMissing,
        );
      const serial = validSerial(device, now);
      if (purpose === 'activate' && serial > 0) throw new AppError(EngineErr.LicenceAlreadyValid);
      if (purpose === 'renew') {
        if (serial === 0) throw new AppError(CommandErr.NothingToRenew);
        if (device.licenceCode && payload.licenseCode !== device.licenceCode)
          throw new AppError(CommandErr.OtherLicence, { code: payload.licenseCode });
      }
      const request = (await repo.outstanding(device.id)).find(
        (r) => r.requestId === payload.requestId,
      );
      // No request: a replay, another device's certificate, or one for a request not made here.
      const refusal = certificateRefusal(certificate, vendorKey, {
        payload,
        fingerprint: request?.fingerprint ?? device.fingerprint ?? undefined,
        requestId: request?.requestId,
        installedSerial: Math.max(serial, request?.installedSerial ?? 0),
        now,
      });
      if (refusal !== undefined || !request)
        throw new AppError(refusal ?? EngineErr.InvalidLicence);
      const answer = await sync.run(
        caller,
        id,
        'licence.install',
        { certificate, requestId: request.requestId },
        { requestId: request.requestId, licenseCode: payload.licenseCode, serial: payload.serial },
      );
      return answer;
    },

    /**
     * Certificates for many devices: each matched to its device by the request it answers,
     * checked as one is, and the accepted ones delivered by one task (devices offline now get
     * theirs when they come back before its expiry).
     */
    async installMany(
      caller: Caller,
      loose: { fileName: string; text: string }[],
      expiresInHours: number,
      locale: Locale,
      archives: TUploadedFile[] = [],
    ): Promise<TCertificateBatchResult> {
      const now = clock();
      const refused: TCertificateBatchResult['refused'] = [];
      const refuse = (fileName: string, code: number, params?: Record<string, string | number>) =>
        refused.push({ fileName, code, message: errorMessage(code, locale, params) });
      // The portal's zip as it is: each `.lic` in it is one certificate, named `archive/entry`.
      const certificates = [...loose];
      for (const { fileName, data } of archives) {
        const read = readZip(Buffer.from(data, 'base64'), ['.lic']);
        if (read.refusal) {
          refuse(fileName, read.refusal.code, read.refusal.params);
          continue;
        }
        for (const entry of read.entries) {
          const name = `${fileName}/${entry.name}`.slice(0, FILE_NAME_MAX);
          if (entry.refusal) refuse(name, entry.refusal.code, entry.refusal.params);
          else
            certificates.push({ fileName: name, text: Buffer.from(entry.bytes!).toString('utf8') });
        }
      }
      if (certificates.length > CERTIFICATES_MAX)
        throw new AppError(CommandErr.TooManyDevices, {
          count: certificates.length,
          max: CERTIFICATES_MAX,
        });
      const opened = certificates.map((c) => ({
        ...c,
        payload: c.text.trim() ? openCertificate(c.text, vendorKey) : undefined,
      }));
      const requests = new Map(
        (
          await repo.findRequests(
            caller.actor.tenantId,
            opened.flatMap((c) => (c.payload ? [c.payload.requestId] : [])),
          )
        ).map((r) => [r.requestId, r]),
      );
      const scope = await deviceScope(db, caller.actor, {
        status: 'running',
        now,
        ids: [...new Set([...requests.values()].map((r) => r.deviceId))],
        servedVersion: deps.servedVersion,
      });
      const devices = new Map((await licences.devicesOf(scope)).map((d) => [d.id, d]));
      const accepted: TCertificateBatchResult['accepted'] = [];
      const argsOf: { id: string; args: Record<string, unknown> }[] = [];
      for (const c of opened) {
        if (!c.text.trim()) {
          refuse(c.fileName, EngineErr.LicenceMissing);
          continue;
        }
        if (!c.payload) {
          refuse(c.fileName, EngineErr.SignatureFailed);
          continue;
        }
        const request = requests.get(c.payload.requestId);
        const device = request && devices.get(request.deviceId);
        // Not a request made here (or one answered already), a device outside the caller's
        // groups, or a second certificate for one device.
        if (!request || request.answered || !device || argsOf.some((a) => a.id === device.id)) {
          refuse(c.fileName, EngineErr.InvalidLicence);
          continue;
        }
        const refusal = certificateRefusal(c.text, vendorKey, {
          payload: c.payload,
          fingerprint: request.fingerprint,
          requestId: request.requestId,
          installedSerial: Math.max(validSerial(device, now), request.installedSerial),
          now,
        });
        if (refusal !== undefined) {
          refuse(c.fileName, refusal);
          continue;
        }
        accepted.push({ fileName: c.fileName, id: device.id, name: device.name });
        argsOf.push({ id: device.id, args: { certificate: c.text, requestId: request.requestId } });
      }
      if (argsOf.length === 0) return { taskId: null, accepted, refused };
      const made = await tasks.create(caller, {
        type: 'licence.install',
        args: {},
        argsOf,
        target: { ids: argsOf.map((a) => a.id) },
        name: `*.lic ×${argsOf.length}`,
        expiresInHours,
      });
      return { taskId: made.taskId, accepted, refused };
    },

    /** The licence the engine holds now. */
    held: (caller: Caller, id: string) => sync.run(caller, id, 'licence.show', {}),

    /** The tenant's licences, expired and expiring first. */
    async list(
      caller: Caller,
      q: {
        page: number;
        pageSize: number;
        state?: LicenceState | undefined;
        groupId?: string | undefined;
        keyword?: string | undefined;
      },
    ) {
      const now = clock();
      const narrowed = q.groupId !== undefined || !!q.keyword;
      const scope = await deviceScope(db, caller.actor, {
        status: 'running',
        now,
        filter: narrowed
          ? { subgroups: true, groupId: q.groupId, keyword: q.keyword || undefined }
          : undefined,
        servedVersion: deps.servedVersion,
      });
      const { rows, total } = await licences.page(scope, {
        state: q.state,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: rows.map((r) => ({
          ...r,
          expiresAt: r.expiresAt?.toISOString() ?? null,
          // The one rule of every page (shared licence-days.ts), negative once expired.
          daysLeft: r.expiresAt ? daysLeft(r.expiresAt, now) : null,
          state: licenceState(r.expiresAt, now),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** A device's requests not answered yet and its installs. */
    async records(caller: Caller, id: string): Promise<TLicenceRecords> {
      const device = await sync.runningDevice(caller, id);
      const [outstanding, records] = await Promise.all([
        repo.outstanding(device.id),
        repo.records(device.id),
      ]);
      return {
        outstanding: outstanding.map((r) => ({
          requestId: r.requestId,
          purpose: r.purpose,
          months: r.months,
          installedSerial: r.installedSerial,
          createdAt: r.createdAt.toISOString(),
          createdBy: r.createdBy,
        })),
        records: records.map((r) => ({
          at: new Date(r.at).toISOString(),
          by: r.by,
          taskId: r.taskId,
          purpose: r.purpose,
          licenseCode: String(r.detail?.licenseCode ?? ''),
          serial: Number(r.detail?.serial ?? 0),
          expiresAt: String(r.detail?.expiresAt ?? ''),
        })),
      };
    },
  };
}
export type DeviceLicenceService = ReturnType<typeof deviceLicenceService>;

/** A licence's state (SPEC §4): none, expired, under LICENCE_WARNING_DAYS days, or normal. */
function licenceState(expiresAt: Date | null, now: number): LicenceState {
  if (!expiresAt) return 'none';
  const left = expiresAt.getTime() - now;
  if (left <= 0) return 'expired';
  return left <= LICENCE_WARNING_DAYS * 86_400_000 ? 'expiring' : 'normal';
}
