/**
 * Times as the console and portal show them, in the reader's time zone: 2026-11-25 09:30.
 * Plain Date arithmetic rather than dayjs, which then loads only with the pages that pick dates
 * (lib/dayjs-locale.ts) and not with every signed-in page's first load.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time; a bare date (2026-11-25) is a local date, as dayjs reads it, not UTC midnight. */
function parse(iso: string): Date | undefined {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = bare ? new Date(+bare[1]!, +bare[2]! - 1, +bare[3]!) : new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** An ISO time as local date and time; '—' for none. */
export function formatTime(iso: string | null | undefined): string {
  const d = iso ? parse(iso) : undefined;
  return d ? `${day(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '—';
}

/** An ISO time as a local date; '—' for none. */
export function formatDate(iso: string | null | undefined): string {
  const d = iso ? parse(iso) : undefined;
  return d ? day(d) : '—';
}

/**
 * The browser's IANA time zone (e.g. Asia/Shanghai), or undefined when it names none: exports
 * ask the server to write their times in it.
 */
export function readerTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
