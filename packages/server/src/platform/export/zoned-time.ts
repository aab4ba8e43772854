/** Offsets are looked up once per quarter hour: every zone's changes fall on quarter hours. */
const SPAN_MS = 15 * 60_000;
/** Quarter hours an export remembers the offset of (a few kilobytes), then starts again. */
const SPANS_KEPT = 20_000;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Times as a reader in `zone` reads them, with the zone's offset at that moment written after
 * (daylight saving moves it): `2025-06-01 10:04:05 +02:00`. `zone` is an IANA name the runtime
 * knows (ZTimeZone checked it). One formatter per export: building one costs more than using it.
 *
 * Asking Intl for every time cost 12 µs, three times a row of a device export; the zone's offset
 * is instead found once per quarter hour (checked at both ends: a change inside it is looked up
 * time by time) and the wall time computed from it.
 */
export function zonedTime(zone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  /** The wall clock's lead over UTC at `ms` (whole seconds), as Intl reads the zone. */
  const offsetAt = (ms: number) => {
    const p: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(ms)) p[type] = value;
    // The wall time read as if it were UTC, less the instant, is the zone's offset then.
    const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
    return wall - Math.floor(ms / 1000) * 1000;
  };
  const spans = new Map<number, number | null>();
  return (at) => {
    const ms = at.getTime();
    const span = Math.floor(ms / SPAN_MS);
    let offset = spans.get(span);
    if (offset === undefined) {
      const start = offsetAt(span * SPAN_MS);
      offset = start === offsetAt(span * SPAN_MS + SPAN_MS - 1) ? start : null;
      if (spans.size >= SPANS_KEPT) spans.clear();
      spans.set(span, offset);
    }
    offset ??= offsetAt(ms);
    const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
    const minutes = Math.round(offset / 60_000);
    const abs = Math.abs(minutes);
    return (
      `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-` +
      `${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:` +
      `${two(wall.getUTCSeconds())} ${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
    );
  };
}

/** The day (YYYY-MM-DD) of `at` in `zone`, for the export's file name. */
export function zonedDay(zone: string, at: Date): string {
  return zonedTime(zone)(at).slice(0, 10);
}
