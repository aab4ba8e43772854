import { describe, expect, it } from 'vitest';
import { commonCatalogue } from './errors/common.ts';
import { consoleCatalogue } from './errors/console.ts';
import { engineCatalogue } from './errors/engine.ts';
import { portalCatalogue } from './errors/portal.ts';
import { CommonErr, errorMessage, errorStatus } from './errors.ts';

const parts = {
  common: commonCatalogue,
  portal: portalCatalogue,
  console: consoleCatalogue,
  engine: engineCatalogue,
};

describe('errCode catalogue', () => {
  it('has every engine code of docs/product.md §8 in both languages', () => {
    const expected = [
      ...Array.from({ length: 52 }, (_, i) => -(i + 1)),
      ...Array.from({ length: 6 }, (_, i) => -(70 + i)),
      -84,
      -85,
    ];
    expect(
      Object.keys(engineCatalogue)
        .map(Number)
        .sort((a, b) => b - a),
    ).toEqual(expected);
    expect(errorMessage(-12, 'en-US')).toMatch(/^Invalid license: /);
    expect(errorMessage(-84, 'zh-CN')).toMatch(/^已有有效许可证：/);
  });

  it('keeps each area in its own range, so that no code is given twice', () => {
    const ranges: Record<string, [number, number]> = {
      common: [-10019, -10001],
      portal: [-10059, -10020],
      console: [-10099, -10060],
      engine: [-85, -1],
    };
    for (const [area, catalogue] of Object.entries(parts)) {
      const [low, high] = ranges[area]!;
      for (const code of Object.keys(catalogue).map(Number)) {
        expect(code, `${area} ${code}`).toBeGreaterThanOrEqual(low);
        expect(code, `${area} ${code}`).toBeLessThanOrEqual(high);
      }
    }
  });

  it('gives every code a message in both languages and a client or server status', () => {
    for (const catalogue of Object.values(parts)) {
      for (const [code, entry] of Object.entries(catalogue)) {
        expect(entry['zh-CN'].trim(), code).not.toBe('');
        expect(entry['en-US'].trim(), code).not.toBe('');
        expect(entry['en-US'], code).not.toMatch(/[\u4e00-\u9fff]/);
        expect(entry.status, code).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('fills placeholders and answers the session code as docs/product.md §8 has it', () => {
    expect(
      errorMessage(CommonErr.Invalid, 'en-US', { field: 'body.email', detail: 'Invalid email' }),
    ).toBe('Invalid request: body.email Invalid email');
    expect(CommonErr.SessionExpired).toBe(-10002);
    expect(errorStatus(CommonErr.SessionExpired)).toBe(401);
    expect(errorMessage(123456, 'en-US')).toBe('Server error');
  });
});
