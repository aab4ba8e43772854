import type { z } from 'zod';
import {
  replyToCustomer,
  setRequestStatus,
  setTestStatus,
} from '@edp/shared/api/portal/requests.calls';
import { readTimeIdCursor, timeIdCursor } from '@edp/shared/contracts/common';
import { rule } from '@edp/shared/contracts/field-rules';
import {
  OVERDUE_COUNT_MAX,
  STATUS_MOVES,
  TESTABLE_STATUSES,
  TEST_MOVES,
  isOverdue,
  type RequestStatus,
  type TestStatus,
  type ZRequestAdd,
  type ZVendorRequestListRequest,
} from '@edp/shared/contracts/support-requests';
import type { TUploadedFile } from '@edp/shared/contracts/uploads';
import { CommonErr, PortalErr, type Locale } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { VendorActor } from '../../platform/sessions/index.ts';
import { companyReadModel, type CompanyContact } from '../store/index.ts';
import type { VendorAuditService } from '../super-admin/index.ts';
import { attachmentType, checkedFiles } from './attachments.ts';
import { requestMail, vendorRequestMail, type RequestNews } from './request-mail.ts';
import { supportRequestRepository, type SupportRequestRow } from './support-request-repository.ts';

/** The questions and answers a request shows; a longer thread shows its first ones. */
const MESSAGES_SHOWN = 500;

type Deps = Pick<Platform, 'db' | 'clock' | 'mailer' | 'log'> & {
  vendorAudit: Pick<VendorAuditService, 'record' | 'accountOf'>;
  /** The vendor's support address from the system settings ('' for none; wired in services.ts). */
  supportAddress: () => Promise<string>;
};

/**
 * Requests and their Q&A (docs/portal.md "Support requests"): a company opens and reads only its own;
 * the vendor's team reads every one, answers, and moves its status and test status along the
 * moves shared/contracts/support-requests.ts declares. The customer is mailed each answer and
 * move; every vendor change is in the vendor's audit log.
 */
export function supportRequestService(deps: Deps) {
  const { db, clock, mailer, log, vendorAudit } = deps;
  const repo = supportRequestRepository(db);
  const companies = companyReadModel(db);

  function item(r: SupportRequestRow, company: CompanyContact | undefined) {
    return {
      id: r.id,
      no: String(r.no),
      companyId: r.companyId,
      company: company?.company ?? '',
      project: r.project,
      product: r.product,
      title: r.title,
      priority: r.priority,
      expectedAt: r.expectedAt.toISOString(),
      status: r.status,
      statusReason: r.statusReason,
      testStatus: r.testStatus,
      overdue: isOverdue({ status: r.status, expectedAt: r.expectedAt.toISOString() }, clock()),
      replies: r.replies,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** Where a cursor says the page before ended, read for the list's sort (else -10001). */
  function afterOf(q: z.infer<typeof ZVendorRequestListRequest>) {
    if (q.cursor === undefined) return undefined;
    const after =
      q.sort === 'no' ? (/^\d+$/.test(q.cursor) ? q.cursor : null) : readTimeIdCursor(q.cursor);
    if (after === null) {
      throw new AppError(CommonErr.Invalid, { field: 'body.cursor', detail: rule('cursor') });
    }
    return after;
  }

  async function page(q: z.infer<typeof ZVendorRequestListRequest>) {
    const now = new Date(clock());
    const [rows, overdue] = await Promise.all([
      repo.page({ ...q, after: afterOf(q), limit: q.pageSize + 1, now }),
      repo.countOverdue(now, OVERDUE_COUNT_MAX, q.companyId),
    ]);
    const shown = rows.slice(0, q.pageSize);
    const contacts = await companies.contacts(shown.map((r) => r.row.companyId));
    const last = shown.at(-1);
    return {
      list: shown.map((r) => item(r.row, contacts.get(r.row.companyId))),
      next:
        rows.length > q.pageSize && last
          ? q.sort === 'no'
            ? String(last.row.no)
            : timeIdCursor({ at: last.key, id: String(last.row.no) })
          : null,
      overdue,
    };
  }

  /** The request with its thread; the vendor's people are named to the vendor only. */
  async function detail(r: SupportRequestRow, forVendor: boolean) {
    const [contacts, messages, files] = await Promise.all([
      companies.contacts([r.companyId]),
      repo.messages(r.id, MESSAGES_SHOWN),
      repo.files(r.id),
    ]);
    return {
      ...item(r, contacts.get(r.companyId)),
      description: r.description,
      remarks: r.remarks,
      messages: messages.map((m) => ({
        id: String(m.id),
        side: m.side,
        author: m.side === 'vendor' && !forVendor ? '' : m.author,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      })),
      files: files.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    };
  }

  /** A file's bytes to download: a company's own requests' only (else 404), the vendor's any. */
  async function download(id: string, companyId?: string) {
    const f = await repo.file(id);
    if (!f || (companyId && f.companyId !== companyId)) throw new AppError(CommonErr.NotFound);
    return { fileName: f.fileName, type: attachmentType(f.fileName), data: f.data };
  }

  async function found(id: string, companyId?: string) {
    const r = await repo.find(id, companyId);
    if (!r) throw new AppError(CommonErr.NotFound);
    return r;
  }

  /** Mails the customer; a mail that cannot go is logged, the change stands. */
  async function tell(r: SupportRequestRow, news: RequestNews) {
    const contact = (await companies.contacts([r.companyId])).get(r.companyId);
    if (!contact) return;
    const language: Locale = contact.language === 'en-US' ? 'en-US' : 'zh-CN';
    await mailer.send(requestMail(contact.email, language, r, news)).catch((err: unknown) => {
      log.error({ err, request: r.id }, 'request mail not sent');
    });
  }

  /** Mails the vendor's support address, if the settings name one; a failure is logged. */
  async function tellVendor(r: { no: number; title: string }, company: string, reply?: string) {
    const to = await deps.supportAddress();
    if (!to) return;
    await mailer.send(vendorRequestMail(to, r, company, reply)).catch((err: unknown) => {
      log.error({ err, request: r.no }, 'request mail to the vendor not sent');
    });
  }

  return {
    async add(companyId: string, input: z.infer<typeof ZRequestAdd>) {
      if (input.expectedAt.getTime() <= clock()) {
        throw new AppError(CommonErr.Invalid, { field: 'body.expectedAt', detail: rule('future') });
      }
      const { files, ...fields } = input;
      const { id, no } = await repo.insert({ ...fields, companyId }, checkedFiles(files));
      const contact = (await companies.contacts([companyId])).get(companyId);
      await tellVendor({ no, title: input.title }, contact?.company ?? '');
      return { id };
    },

    mine: (companyId: string, q: Parameters<typeof page>[0]) => page({ ...q, companyId }),
    myFile: (companyId: string, id: string) => download(id, companyId),
    file: (id: string) => download(id),
    async mineOne(companyId: string, id: string) {
      return detail(await found(id, companyId), false);
    },
    async customerReply(companyId: string, id: string, body: string, files: TUploadedFile[]) {
      const r = await found(id, companyId);
      const stored = checkedFiles(files);
      const contact = (await companies.contacts([companyId])).get(companyId);
      const author = contact?.company ?? '';
      await repo.addMessage({ requestId: r.id, side: 'customer', author, body }, stored);
      await tellVendor(r, author, body);
    },

    list: page,
    async one(id: string) {
      return detail(await found(id), true);
    },

    async vendorReply(actor: VendorActor, id: string, body: string, files: TUploadedFile[]) {
      const r = await found(id);
      const stored = checkedFiles(files);
      const author = await vendorAudit.accountOf(actor.adminId);
      await repo.addMessage({ requestId: r.id, side: 'vendor', author, body }, stored);
      await vendorAudit.record(actor, { action: replyToCustomer.path, target: `#${r.no}` });
      await tell(r, { kind: 'reply', body });
    },

    async setStatus(actor: VendorActor, id: string, to: RequestStatus, reason: string) {
      const r = await found(id);
      if (!STATUS_MOVES[r.status].includes(to)) throw new AppError(PortalErr.StatusChangeFailed);
      if (to === 'dismissed' && !reason) throw new AppError(PortalErr.ReasonRequired);
      // Moved from the status read: a concurrent move leaves this one nothing to move.
      if (!(await repo.moveStatus(r.id, r.status, to, reason))) {
        throw new AppError(PortalErr.StatusChangeFailed);
      }
      await vendorAudit.record(actor, {
        action: setRequestStatus.path,
        target: `#${r.no}`,
        before: { status: r.status },
        after: { status: to, reason },
      });
      await tell(r, { kind: 'status', status: to, reason });
    },

    async setTestStatus(actor: VendorActor, id: string, to: TestStatus) {
      const r = await found(id);
      const from = r.testStatus ?? 'none';
      const allowed = TEST_MOVES[from].includes(to) && TESTABLE_STATUSES.includes(r.status);
      if (!allowed || !(await repo.moveTest(r.id, r.testStatus, to, [...TESTABLE_STATUSES]))) {
        throw new AppError(PortalErr.TestStatusChangeFailed);
      }
      await vendorAudit.record(actor, {
        action: setTestStatus.path,
        target: `#${r.no}`,
        before: { testStatus: r.testStatus },
        after: { testStatus: to },
      });
      await tell(r, { kind: 'test', testStatus: to });
    },
  };
}
export type SupportRequestService = ReturnType<typeof supportRequestService>;
