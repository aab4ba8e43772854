import { describe, expect, it } from 'vitest';
import { licenceStatus, nextStatusChange, remainingDays } from './licence-status.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 22, 8, 30, 15, 123);
const shown = (expiresAt: number, at: number) =>
  `${licenceStatus(expiresAt, at)}/${remainingDays(expiresAt, at)}`;

describe('nextStatusChange', () => {
  const offsets = [1, DAY / 2, DAY, DAY + 1, 1.5 * DAY, 29 * DAY + 7, 30 * DAY, 30 * DAY + 1];
  const more = [30.5 * DAY, 31 * DAY, 400 * DAY + 12_345];

  it.each([...offsets, ...more])(
    'is when status or days left first change (expiry now + %d ms)',
    (offset) => {
      const expiresAt = now + offset;
      const next = nextStatusChange(expiresAt, now);
      expect(next).toBeGreaterThan(now);
      // Unchanged up to the instant before, at several points on the way; changed at it.
      for (const f of [0, 0.25, 0.5, 0.75]) {
        const t = Math.floor(now + (next - 1 - now) * f);
        expect(shown(expiresAt, t)).toBe(shown(expiresAt, now));
      }
      expect(shown(expiresAt, next - 1)).toBe(shown(expiresAt, now));
      expect(shown(expiresAt, next)).not.toBe(shown(expiresAt, now));
    },
  );

  it('never comes for an expired licence', () => {
    expect(nextStatusChange(now, now)).toBe(Infinity);
    expect(nextStatusChange(now - DAY, now)).toBe(Infinity);
  });

  it('turns a licence 30 days and 1 ms from expiry to "expiring" after 1 ms', () => {
    expect(nextStatusChange(now + 30 * DAY + 1, now)).toBe(now + 1);
    expect(licenceStatus(now + 30 * DAY + 1, now + 1)).toBe('normal');
    expect(licenceStatus(now + 30 * DAY, now + 1)).toBe('expiring');
  });
});
