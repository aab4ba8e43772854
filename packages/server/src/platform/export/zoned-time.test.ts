import { describe, expect, it } from 'vitest';
import { zonedDay, zonedTime } from './zoned-time.ts';

describe('times in the reader’s zone', () => {
  it('writes the wall time and the offset the zone had at that moment', () => {
    const berlin = zonedTime('Europe/Berlin');
    expect(berlin(new Date('2025-01-15T12:00:00Z'))).toBe('2025-01-15 13:00:00 +01:00');
    // Summer time moves the offset.
    expect(berlin(new Date('2025-07-15T12:00:00Z'))).toBe('2025-07-15 14:00:00 +02:00');
    expect(zonedTime('Asia/Shanghai')(new Date('2025-12-31T16:30:05Z'))).toBe(
      '2026-01-01 00:30:05 +08:00',
    );
    expect(zonedTime('Asia/Kolkata')(new Date('2025-03-01T00:00:00Z'))).toBe(
      '2025-03-01 05:30:00 +05:30',
    );
    expect(zonedTime('America/St_Johns')(new Date('2025-01-01T12:00:00.900Z'))).toBe(
      '2025-01-01 08:30:00 -03:30',
    );
    expect(zonedTime('UTC')(new Date('2025-01-01T00:00:00Z'))).toBe('2025-01-01 00:00:00 +00:00');
  });

  it('reads every second as Intl does, across the zones’ changes of offset', () => {
    // The reference: Intl asked for each time (what zonedTime did before it kept offsets).
    const reference = (zone: string) => {
      const format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset',
      });
      return (at: Date) => {
        const p: Record<string, string> = {};
        for (const { type, value } of format.formatToParts(at)) p[type] = value;
        const offset = p.timeZoneName!.replace('GMT', '') || '+00:00';
        return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} ${offset}`;
      };
    };
    const changes: [string, string][] = [
      ['Europe/Berlin', '2025-03-30T01:00:00Z'],
      ['Europe/Berlin', '2025-10-26T01:00:00Z'],
      ['America/St_Johns', '2025-03-09T05:30:00Z'],
      ['Australia/Lord_Howe', '2025-04-05T15:00:00Z'],
      ['Australia/Lord_Howe', '2025-10-04T15:30:00Z'],
      ['Asia/Kathmandu', '1986-01-01T00:00:00Z'],
      ['America/Sao_Paulo', '2018-11-04T03:00:00Z'],
    ];
    for (const [zone, change] of changes) {
      const fast = zonedTime(zone);
      const slow = reference(zone);
      const at = Date.parse(change);
      // Every 7 s for two hours around the change, then a few years either side.
      for (let ms = at - 3_600_000; ms < at + 3_600_000; ms += 7_000) {
        const d = new Date(ms + 123);
        expect(fast(d), `${zone} ${d.toISOString()}`).toBe(slow(d));
      }
      for (let ms = at - 5 * 365 * 86_400_000; ms < at + 5 * 365 * 86_400_000; ms += 86_399_999) {
        const d = new Date(ms);
        expect(fast(d), `${zone} ${d.toISOString()}`).toBe(slow(d));
      }
    }
  });

  it('gives the day in the zone', () => {
    expect(zonedDay('Asia/Shanghai', new Date('2025-12-31T16:30:00Z'))).toBe('2026-01-01');
    expect(zonedDay('America/New_York', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });
});
