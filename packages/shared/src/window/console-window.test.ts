import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { splitSeconds, windowSeconds, WINDOW_MAX_S } from '../ack-window.ts';
import { ZWindow } from '../contracts/elevation.ts';
import { openWindow, peekWindow, signWindow, type TWindowPayload } from './console-window.ts';

const keys = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const payload: TWindowPayload = {
  ver: 1,
  id: 'a1',
  kind: 'elevation',
  deviceId: 'd1',
  fingerprint: 'f'.repeat(64),
  issuedAt: 1_000,
  validFrom: 1_000,
  validUntil: 61_000,
};

describe('windows in days, hours, minutes, seconds', () => {
  it('counts seconds both ways', () => {
    expect(windowSeconds({ days: 1, hours: 2, minutes: 3, seconds: 4 })).toBe(93_784);
    expect(splitSeconds(93_784)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('takes 1 second to 30 days, each part in its range', () => {
    expect(ZWindow.safeParse({ seconds: 1 }).success).toBe(true);
    expect(ZWindow.safeParse({ days: 30 }).success).toBe(true);
    expect(windowSeconds(ZWindow.parse({ days: 30 }))).toBe(WINDOW_MAX_S);
    expect(ZWindow.safeParse({}).success).toBe(false);
    expect(ZWindow.safeParse({ days: 30, seconds: 1 }).success).toBe(false);
    expect(ZWindow.safeParse({ hours: 24 }).success).toBe(false);
    expect(ZWindow.safeParse({ minutes: 1.5 }).success).toBe(false);
  });
});

describe("the console's signed window", () => {
  it('opens with the key that signed it, and with no other', () => {
    const text = signWindow(payload, keys.privateKey, keys.publicKey);
    expect(text).toMatch(
      /^-----BEGIN EDP CONSOLE WINDOW-----\n[\s\S]+-----END EDP CONSOLE WINDOW-----\n$/,
    );
    expect(openWindow(text, keys.publicKey)).toEqual(payload);
    expect(openWindow(text, other.publicKey)).toBeUndefined();
    expect(peekWindow(text)).toEqual(payload);
  });

  it('refuses a changed byte, another armour, and what is not a window', () => {
    const text = signWindow(payload, keys.privateKey, keys.publicKey);
    const body = text.split('\n')[1]!;
    const flipped = body.slice(0, 10) + (body[10] === 'A' ? 'B' : 'A') + body.slice(11);
    expect(openWindow(text.replace(body, flipped), keys.publicKey)).toBeUndefined();
    expect(
      openWindow(text.replaceAll('CONSOLE WINDOW', 'ELEVATION'), keys.publicKey),
    ).toBeUndefined();
    expect(openWindow('nothing', keys.publicKey)).toBeUndefined();
    expect(openWindow(42, keys.publicKey)).toBeUndefined();
    expect(peekWindow('-----BEGIN EDP CONSOLE WINDOW-----\n!!\n')).toBeUndefined();
  });
});
