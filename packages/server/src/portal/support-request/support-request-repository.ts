import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TimeIdKey } from '@edp/shared/contracts/common';
import type {
  RequestSort,
  RequestStatus,
  TestStatus,
} from '@edp/shared/contracts/support-requests';
import {
  type Db,
  containsPattern,
  supportRequestFiles,
  supportRequestMessages,
  supportRequests,
} from '../../platform/db/index.ts';

/** A file as the service checked it, to store beside a request or a message. */
export interface FileToStore {
  fileName: string;
  data: Buffer;
}

export type SupportRequestRow = typeof supportRequests.$inferSelect;
export type SupportRequestInsert = typeof supportRequests.$inferInsert;

export interface SupportRequestQuery {
  companyId?: string;
  status?: RequestStatus;
  priority?: SupportRequestRow['priority'];
  overdue?: boolean;
  keyword?: string;
  sort: RequestSort;
  order: 'asc' | 'desc';
  /** Where the page before ended: a number (sort `no`), or a time and a number. */
  after?: string | TimeIdKey;
  limit: number;
  now: Date;
}

const SORT_COLUMNS = {
  expectedAt: supportRequests.expectedAt,
  updatedAt: supportRequests.updatedAt,
} as const;
/** A time as ISO text to the microsecond, UTC: a cursor keeps every digit the row has. */
const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

const open = sql`${supportRequests.status} in ('new', 'processing')`;

async function insertFiles(
  tx: Db,
  requestId: string,
  side: 'customer' | 'vendor',
  files: FileToStore[],
) {
  if (files.length === 0) return;
  await tx.insert(supportRequestFiles).values(
    files.map((f) => ({
      requestId,
      side,
      fileName: f.fileName,
      size: f.data.length,
      data: f.data,
    })),
  );
}

/**
 * The one place `support_requests`, `support_request_messages` and `support_request_files` are
 * written and read.
 */
export function supportRequestRepository(db: Db) {
  return {
    /** The request and its files, in one transaction. */
    async insert(values: SupportRequestInsert, files: FileToStore[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supportRequests)
          .values(values)
          .returning({ id: supportRequests.id, no: supportRequests.no });
        await insertFiles(tx, row!.id, 'customer', files);
        return row!;
      });
    },

    /** The files of a request, without their bytes, oldest first. */
    async files(requestId: string) {
      return db
        .select({
          id: supportRequestFiles.id,
          fileName: supportRequestFiles.fileName,
          size: supportRequestFiles.size,
          side: supportRequestFiles.side,
          createdAt: supportRequestFiles.createdAt,
        })
        .from(supportRequestFiles)
        .where(eq(supportRequestFiles.requestId, requestId))
        .orderBy(supportRequestFiles.createdAt, supportRequestFiles.id);
    },

    /** One file with its bytes, and the company of its request (for the company's scope). */
    async file(id: string) {
      const [row] = await db
        .select({
          fileName: supportRequestFiles.fileName,
          data: supportRequestFiles.data,
          companyId: supportRequests.companyId,
        })
        .from(supportRequestFiles)
        .innerJoin(supportRequests, eq(supportRequests.id, supportRequestFiles.requestId))
        .where(eq(supportRequestFiles.id, id));
      return row;
    },

    async find(id: string, companyId?: string): Promise<SupportRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(supportRequests)
        .where(
          and(
            eq(supportRequests.id, id),
            companyId ? eq(supportRequests.companyId, companyId) : undefined,
          ),
        );
      return row;
    },

    /**
     * A keyset page over (the sort's column, number), either way. Filtered by company or status
     * it reads support_requests_company_idx or support_requests_status_idx; else the sort's own
     * index (the number's, support_requests_expected_idx, support_requests_updated_idx). Each row
     * carries its sort time as the database wrote it (`key`, microseconds) for the next cursor.
     */
    async page(q: SupportRequestQuery) {
      const conditions: (SQL | undefined)[] = [
        q.companyId ? eq(supportRequests.companyId, q.companyId) : undefined,
        q.status ? eq(supportRequests.status, q.status) : undefined,
        q.priority ? eq(supportRequests.priority, q.priority) : undefined,
        q.overdue ? and(open, lt(supportRequests.expectedAt, q.now)) : undefined,
      ];
      if (q.keyword) {
        const like = containsPattern(q.keyword);
        conditions.push(
          or(ilike(supportRequests.title, like), ilike(supportRequests.project, like)),
        );
      }
      const direction = q.order === 'asc' ? asc : desc;
      const column = q.sort === 'no' ? undefined : SORT_COLUMNS[q.sort];
      if (q.after !== undefined) {
        if (typeof q.after === 'string') {
          conditions.push((q.order === 'asc' ? gt : lt)(supportRequests.no, Number(q.after)));
        } else if (column) {
          const cmp = sql.raw(q.order === 'asc' ? '>' : '<');
          conditions.push(
            sql`(${column}, ${supportRequests.no}) ${cmp} (${q.after.at}::timestamptz, ${Number(q.after.id)})`,
          );
        }
      }
      return db
        .select({
          row: supportRequests,
          key: column
            ? sql<string>`to_char(${column} at time zone 'UTC', ${ISO})`
            : sql<string>`''`,
        })
        .from(supportRequests)
        .where(and(...conditions))
        .orderBy(...(column ? [direction(column)] : []), direction(supportRequests.no))
        .limit(q.limit);
    },

    /**
     * Open requests past their expected time, up to `max` (support_requests_open_expected_idx,
     * or support_requests_company_idx for one company): a count that stops reads at most `max`.
     */
    async countOverdue(now: Date, max: number, companyId?: string): Promise<number> {
      const found = db
        .select({ one: sql`1` })
        .from(supportRequests)
        .where(
          and(
            open,
            lt(supportRequests.expectedAt, now),
            companyId ? eq(supportRequests.companyId, companyId) : undefined,
          ),
        )
        .limit(max)
        .as('found');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(found);
      return row?.n ?? 0;
    },

    /**
     * Moves the status only from the one the caller read (`from`): of two concurrent moves one
     * wins, the other finds nothing to update.
     */
    async moveStatus(id: string, from: RequestStatus, to: RequestStatus, reason: string) {
      const rows = await db
        .update(supportRequests)
        .set({ status: to, statusReason: reason, updatedAt: sql`now()` })
        .where(and(eq(supportRequests.id, id), eq(supportRequests.status, from)))
        .returning({ id: supportRequests.id });
      return rows.length > 0;
    },

    async moveTest(id: string, from: TestStatus | null, to: TestStatus, statuses: RequestStatus[]) {
      const rows = await db
        .update(supportRequests)
        .set({ testStatus: to, updatedAt: sql`now()` })
        .where(
          and(
            eq(supportRequests.id, id),
            from === null
              ? sql`${supportRequests.testStatus} is null`
              : eq(supportRequests.testStatus, from),
            inArray(supportRequests.status, statuses),
          ),
        )
        .returning({ id: supportRequests.id });
      return rows.length > 0;
    },

    /** A message with its files, and the request's reply count and time, in one transaction. */
    async addMessage(values: typeof supportRequestMessages.$inferInsert, files: FileToStore[]) {
      await db.transaction(async (tx) => {
        await tx.insert(supportRequestMessages).values(values);
        await insertFiles(tx, values.requestId, values.side, files);
        await tx
          .update(supportRequests)
          .set({ replies: sql`${supportRequests.replies} + 1`, updatedAt: sql`now()` })
          .where(eq(supportRequests.id, values.requestId));
      });
    },

    /** A request's messages, oldest first (at most `limit`). */
    async messages(requestId: string, limit: number) {
      return db
        .select()
        .from(supportRequestMessages)
        .where(eq(supportRequestMessages.requestId, requestId))
        .orderBy(supportRequestMessages.id)
        .limit(limit);
    },
  };
}
