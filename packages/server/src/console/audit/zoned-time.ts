/**
 * Times as a reader in `zone` reads them, with the zone's offset at that moment written after
 * (daylight saving moves it): `2025-06-01 10:04:05 +02:00`. `zone` is an IANA name the runtime
 * knows (ZTimeZone checked it). One formatter per export: building one costs more than using it.
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
  return (at) => {
    const p: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(at)) p[type] = value;
    const local = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    // The wall time read as if it were UTC, less the instant, is the zone's offset then.
    const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
    const minutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    const hh = String(Math.floor(abs / 60)).padStart(2, '0');
    const mm = String(abs % 60).padStart(2, '0');
    return `${local} ${sign}${hh}:${mm}`;
  };
}

/** The day (YYYY-MM-DD) of `at` in `zone`, for the export's file name. */
export function zonedDay(zone: string, at: Date): string {
  return zonedTime(zone)(at).slice(0, 10);
}
