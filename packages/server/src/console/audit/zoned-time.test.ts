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

  it('gives the day in the zone', () => {
    expect(zonedDay('Asia/Shanghai', new Date('2025-12-31T16:30:00Z'))).toBe('2026-01-01');
    expect(zonedDay('America/New_York', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });
});
