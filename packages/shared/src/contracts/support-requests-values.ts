/**
 * The support requests' plain values: priorities, states and their moves, and what a request may
 * attach. They hold no zod, so the browser imports them from here without the schemas of
 * support-requests.ts, which re-exports them (packages/web/build/screen-chunks.ts: no lazily
 * loaded part runs zod).
 */

export const REQUEST_PRIORITIES = ['low', 'middle', 'high'] as const;
export const REQUEST_STATUSES = ['new', 'processing', 'solved', 'dismissed'] as const;
export const TEST_STATUSES = ['testing', 'passed', 'failed'] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type TestStatus = (typeof TEST_STATUSES)[number];

/**
 * Where a request's status may go from each: taken up, then solved, or dismissed (with a reason
 * the customer reads) while not yet solved; a solved one may be taken up again. Anything else is
 * refused (SPEC §8 "start status change failed").
 */
export const STATUS_MOVES: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['processing', 'dismissed'],
  processing: ['solved', 'dismissed'],
  solved: ['processing'],
  dismissed: [],
};

/**
 * Where the test status may go (null: not under test): testing, then passed or failed; a failed
 * one is tested again. Only on a request being processed or solved; anything else is refused
 * (SPEC §8 "test status change failed").
 */
export const TEST_MOVES: Record<TestStatus | 'none', readonly TestStatus[]> = {
  none: ['testing'],
  testing: ['passed', 'failed'],
  failed: ['testing'],
  passed: [],
};
export const TESTABLE_STATUSES: readonly RequestStatus[] = ['processing', 'solved'];

/**
 * The overdue count a list carries stops here ("1,000+"): counting every open request past its
 * time on each page would read them all (about 90 ms at 80,000 on PGlite).
 */
export const OVERDUE_COUNT_MAX = 1_000;

/** Whether the request is past its expected resolution time and still open. */
export const isOverdue = (r: { status: RequestStatus; expectedAt: string }, now: number) =>
  (r.status === 'new' || r.status === 'processing') && Date.parse(r.expectedAt) < now;

/** Files attached to a request or a reply: at most this many at a time, each at most this big. */
export const ATTACHMENTS_MAX = 5;
export const ATTACHMENT_BYTES_MAX = 5 * 1024 * 1024;
/** The kinds of file a request takes, by extension, and the type each is served as. */
export const ATTACHMENT_TYPES: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.zip': 'application/zip',
};
/** The type a file of this name is kept and served as, by its extension; undefined: not taken. */
export const attachmentTypeOf = (fileName: string): string | undefined =>
  ATTACHMENT_TYPES[/\.[^.]+$/.exec(fileName)?.[0].toLowerCase() ?? ''];
