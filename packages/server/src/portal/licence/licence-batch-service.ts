import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform/platform.ts';
import {
  REQUEST_BATCH_MAX,
  type TIssueBatchResult,
  type TRequestBatchRead,
} from '@edp/shared/contracts/com';
import { FILE_NAME_MAX, type TUploadedFile } from '@edp/shared/contracts/uploads';
import { licenceCost, type TLicenceRequestFile } from '@edp/shared/contracts/licence-file';
import { CommonErr, FileErr, PortalErr, errorMessage, type Locale } from '@edp/shared/errors';
import {
  looksLikeZip,
  readZip,
  safeFileStem,
  uniqueFileNames,
  writeZip,
  type FileRefusal,
} from '../../platform/archive/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import { isUniqueViolation, type Db } from '../../platform/db/index.ts';
import { parseRequestFile } from './licence-file.ts';
import type { LicencePageCache } from './licence-page-cache.ts';
import type { BalanceService, IssuePayment } from '../balance/index.ts';
import { licenceRepository } from './licence-repository.ts';
import {
  newLicenceCode,
  recordRequests,
  uploadAnswer,
  type FoundRequest,
  type IssuedLicence,
  type LicenceService,
  type SignedCertificate,
} from './licence-service.ts';

type Deps = Pick<Platform, 'db' | 'clock'> & {
  licences: LicenceService;
  licencePages: LicencePageCache;
  /** The balance pays for the batch: portal/balance, in the batch's transaction. */
  balance: Pick<BalanceService, 'current' | 'debit' | 'recordPayments'>;
};

/** The file types the portal's batch upload reads. */
const REQUEST_TYPES = '.dat, .zip';

/** A name as the answer shows it: `archive.zip/entry.dat`, at most FILE_NAME_MAX characters. */
const shownName = (name: string) =>
  name.length > FILE_NAME_MAX ? `${name.slice(0, FILE_NAME_MAX - 1)}…` : name;

/**
 * Many licence requests and certificates at once (docs/portal.md, "Many devices at once"): the
 * request files the console's "Download request files" zips, read and recorded together, and
 * their certificates issued in one transaction and handed back as one zip named by device.
 */
export function licenceBatchService({
  db,
  clock: now,
  licences,
  licencePages,
  balance: balances,
}: Deps) {
  const repo = licenceRepository(db);

  /** The `.dat` texts of the uploaded files, loose or in zips, and the files refused. */
  function unpack(files: TUploadedFile[]) {
    const texts: { fileName: string; text: string }[] = [];
    const refused: { fileName: string; refusal: FileRefusal }[] = [];
    for (const { fileName, data } of files) {
      const bytes = Buffer.from(data, 'base64');
      const lower = fileName.toLowerCase();
      if (lower.endsWith('.zip') || looksLikeZip(bytes)) {
        const read = readZip(bytes, ['.dat']);
        if (read.refusal) {
          refused.push({ fileName, refusal: read.refusal });
          continue;
        }
        for (const entry of read.entries) {
          const name = shownName(`${fileName}/${entry.name}`);
          if (entry.refusal) refused.push({ fileName: name, refusal: entry.refusal });
          else texts.push({ fileName: name, text: Buffer.from(entry.bytes!).toString('latin1') });
        }
      } else if (lower.endsWith('.dat')) {
        texts.push({ fileName, text: bytes.toString('latin1') });
      } else {
        refused.push({
          fileName,
          refusal: { code: FileErr.WrongFileType, params: { types: REQUEST_TYPES } },
        });
      }
    }
    return { texts, refused };
  }

  /** One transaction's attempt at a batch of issues; a concurrent issue of one of them retries. */
  async function issueOnce(
    companyId: string,
    items: { requestId: string; months: number }[],
  ): Promise<{ rows: IssuedRow[]; cost: number; balance: number; changed: boolean }> {
    const found = new Map(
      (
        await repo.findRequests(
          companyId,
          items.map((i) => i.requestId),
        )
      ).map((f) => [f.request.requestId, f]),
    );
    if (items.some((i) => !found.has(i.requestId))) throw new AppError(CommonErr.NotFound);
    const fresh = items.filter((i) => !found.get(i.requestId)!.issued);
    const cost = fresh.reduce((sum, i) => sum + licenceCost(i.months), 0);
    const signed = new Map<string, SignedCertificate & { renewal: boolean }>();
    let balance: number;
    if (fresh.length === 0) balance = await balances.current(companyId);
    else {
      balance = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const r = licenceRepository(t);
        // All or nothing: the whole cost in one conditional UPDATE; each device then pays its
        // own months in the balance history, as a certificate issued alone does.
        const after = await balances.debit(t, companyId, cost);
        if (after === undefined)
          throw new AppError(PortalErr.BatchBalanceLow, {
            count: fresh.length,
            cost,
            balance: await balances.current(companyId, t),
          });
        const issuedAt = new Date(now());
        // Each device pays its months in turn, down to the balance after all of them.
        let left = after + cost;
        const balanceAfter = new Map(
          fresh.map((i) => [i.requestId, (left -= licenceCost(i.months))] as const),
        );
        // Rounds in which each engine comes once (a second request of one engine renews what
        // the first made): one statement creates the licences, one renews them, per round.
        const rounds: Item[][] = [];
        const times = new Map<string, number>();
        for (const item of fresh) {
          const engineId = found.get(item.requestId)!.engine.id;
          const n = times.get(engineId) ?? 0;
          (rounds[n] ??= []).push(item);
          times.set(engineId, n + 1);
        }
        const licensed = new Set(
          fresh.flatMap((i) => {
            const f = found.get(i.requestId)!;
            return f.licenceCode !== null ? [f.engine.id] : [];
          }),
        );
        const records: (Parameters<typeof r.insertIssueRecords>[0][number] & { id: string })[] = [];
        const payments: IssuePayment[] = [];
        for (const round of rounds) {
          const of = (i: Item) => found.get(i.requestId)!;
          const input = (i: Item) => ({
            engineId: of(i).engine.id,
            installedSerial: of(i).request.installedSerial,
            months: i.months,
            issuedAt,
          });
          const renewing = round.filter((i) => licensed.has(of(i).engine.id));
          const creating = round.filter((i) => !licensed.has(of(i).engine.id));
          const byEngine = new Map<string, IssuedLicence>();
          for (const l of await r.createLicences(
            creating.map((i) => ({ ...input(i), companyId, code: newLicenceCode() })),
          ))
            byEngine.set(l.engineId, l);
          for (const l of await r.renewLicences(companyId, renewing.map(input)))
            byEngine.set(l.engineId, l);
          for (const item of round) {
            const f = of(item);
            const licence = byEngine.get(f.engine.id)!;
            const fileText = licences.certificateOf(f, licence, issuedAt);
            const id = randomUUID();
            records.push({
              ...licences.recordOf(companyId, f, licence, item.months, issuedAt, fileText),
              id,
            });
            payments.push({
              companyId,
              issueRecordId: id,
              cost: licenceCost(item.months),
              balanceAfter: balanceAfter.get(item.requestId)!,
            });
            signed.set(item.requestId, {
              recordId: id,
              licenceId: licence.id,
              licenceCode: licence.code,
              serial: licence.serial,
              expiresAt: licence.expiresAt,
              fileText,
              renewal: licensed.has(f.engine.id),
            });
          }
          for (const item of round) licensed.add(of(item).engine.id);
        }
        // The ledger in the order the devices were asked for.
        const order = new Map(fresh.map((i, n) => [i.requestId, n]));
        const rank = (requestId: string | null | undefined) => order.get(requestId ?? '') ?? 0;
        records.sort((a, b) => rank(a.requestId) - rank(b.requestId));
        const recordOrder = new Map(records.map((rec, n) => [rec.id, n]));
        payments.sort(
          (a, b) => recordOrder.get(a.issueRecordId)! - recordOrder.get(b.issueRecordId)!,
        );
        await r.insertIssueRecords(records);
        await balances.recordPayments(t, payments);
        return after;
      });
    }
    const rows = items.map((item): IssuedRow => {
      const f = found.get(item.requestId)!;
      const cert = signed.get(item.requestId);
      if (cert) return { found: f, ...cert, alreadyIssued: false };
      const issued = f.issued!;
      return {
        found: f,
        recordId: issued.id,
        licenceId: issued.licenceId,
        licenceCode: f.licenceCode ?? '',
        serial: issued.serial,
        expiresAt: issued.validUntil,
        fileText: issued.fileText,
        renewal: f.issuedAsRenewal,
        alreadyIssued: true,
      };
    });
    return { rows, cost, balance, changed: signed.size > 0 };
  }

  return {
    /**
     * Reads request files at once, loose `.dat` files or zips of them, and records each as
     * `/com/auth/device` does, in one transaction. A file that cannot be read, a second request
     * for one device, or more than REQUEST_BATCH_MAX requests are refused file by file, with
     * their reasons in `locale`; the others are answered with their device and cost.
     */
    async upload(
      companyId: string,
      files: TUploadedFile[],
      locale: Locale,
    ): Promise<TRequestBatchRead> {
      const { texts, refused: unread } = unpack(files);
      const refused: TRequestBatchRead['refused'] = unread.map(({ fileName, refusal }) => ({
        fileName,
        code: refusal.code,
        message: errorMessage(refusal.code, locale, refusal.params),
      }));
      const refuse = (fileName: string, code: number, params?: Record<string, string | number>) =>
        refused.push({ fileName, code, message: errorMessage(code, locale, params) });
      const parsed: { fileName: string; file: TLicenceRequestFile }[] = [];
      const firstOf = new Map<string, string>();
      for (const { fileName, text } of texts) {
        const file = parseRequestFile(text);
        if (!file) {
          refuse(fileName, PortalErr.NotARequest);
          continue;
        }
        // One request per device and kind: the same file twice, or two requests of one engine.
        const first = firstOf.get(file.requestId) ?? firstOf.get(`${file.deviceId}\n${file.kind}`);
        if (first !== undefined) {
          refuse(fileName, PortalErr.DuplicateRequest, { first });
          continue;
        }
        if (parsed.length >= REQUEST_BATCH_MAX) {
          refuse(fileName, PortalErr.TooManyRequests, { max: REQUEST_BATCH_MAX });
          continue;
        }
        firstOf.set(file.requestId, fileName).set(`${file.deviceId}\n${file.kind}`, fileName);
        parsed.push({ fileName, file });
      }
      const read: TRequestBatchRead['read'] = [];
      if (parsed.length) {
        const recorded = await db.transaction((tx) =>
          recordRequests(
            licenceRepository(tx as unknown as Db),
            companyId,
            parsed.map((p) => p.file),
          ),
        );
        recorded.forEach((found, i) => {
          const { fileName } = parsed[i]!;
          if (found instanceof AppError) refuse(fileName, found.code, found.params);
          else read.push({ ...uploadAnswer(found), fileName });
        });
      }
      return {
        read,
        refused,
        cost: read.filter((r) => !r.alreadyIssued).reduce((sum, r) => sum + r.cost, 0),
        balance: await balances.current(companyId),
      };
    },

    /**
     * Issues the certificates of uploaded requests together: the balance must cover them all
     * (else none is issued, -10040 with the figures), each device pays its months, and the
     * certificates come back in one zip, each named by its device (made safe; names that
     * collide get -2, -3…). Requests issued before are in it too, and cost nothing again.
     */
    async issue(
      companyId: string,
      asked: { requestId: string; months: number }[],
    ): Promise<TIssueBatchResult> {
      const seen = new Set<string>();
      const items = asked.filter((i) => !seen.has(i.requestId) && !!seen.add(i.requestId));
      let done: Awaited<ReturnType<typeof issueOnce>>;
      try {
        done = await issueOnce(companyId, items);
      } catch (err) {
        // A concurrent issue of one of these requests won: the second attempt finds it issued.
        if (!isUniqueViolation(err)) throw err;
        done = await issueOnce(companyId, items);
      }
      // After the commit, so that no page read before it is kept (ttl-cache.ts).
      if (done.changed) licencePages.changed(companyId);
      const names = uniqueFileNames(
        done.rows.map(({ found: { engine } }) =>
          safeFileStem(engine.name, safeFileStem(engine.deviceId, 'device')),
        ),
        '.lic',
      );
      const archive = writeZip(
        done.rows.map((row, i) => ({ name: names[i]!, bytes: Buffer.from(row.fileText, 'utf8') })),
      );
      const stamp = new Date(now()).toISOString().slice(0, 10);
      return {
        fileName: `certificates-${stamp}-${done.rows.length}.zip`,
        archive: Buffer.from(archive).toString('base64'),
        issued: done.rows.map((row, i) => ({
          requestId: row.found.request.requestId,
          deviceId: row.found.engine.deviceId,
          name: row.found.engine.name,
          kind: row.found.engine.kind as TIssueBatchResult['issued'][number]['kind'],
          fileName: names[i]!,
          recordId: row.recordId,
          licenseCode: row.licenceCode,
          serial: row.serial,
          expiresAt: row.expiresAt.toISOString(),
          renewal: row.renewal,
          alreadyIssued: row.alreadyIssued,
        })),
        cost: done.cost,
        balance: done.balance,
      };
    },
  };
}
export type LicenceBatchService = ReturnType<typeof licenceBatchService>;

type Item = { requestId: string; months: number };

interface IssuedRow extends SignedCertificate {
  found: FoundRequest;
  renewal: boolean;
  alreadyIssued: boolean;
}
