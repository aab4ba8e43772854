import { describe, expect, it } from 'vitest';
import {
  DEVICE_EXPORT_COLUMNS,
  DEVICE_VALUE_WORDS,
  type DeviceExportColumn,
} from '@edp/shared/device-words';
import zhDevices from '../../../locales/zh-CN/admin-devices.lazy.ts';
import enDevices from '../../../locales/en-US/admin-devices.lazy.ts';
import { filterOf, isFiltered, NO_FILTER } from './device-filter.ts';
import { relativeTime } from './relative-time.ts';
import { uptimeStrip } from './uptime.ts';

describe('device list filter', () => {
  it('sends only what is set, subgroups only with a group', () => {
    expect(filterOf(NO_FILTER)).toEqual({});
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(filterOf({ ...NO_FILTER, subgroups: false, keyword: '  web ' })).toEqual({
      keyword: 'web',
    });
    const state = {
      ...NO_FILTER,
      groupId: 'g',
      subgroups: false,
      type: 0,
      presence: 'online' as const,
    };
    expect(filterOf(state)).toEqual({
      groupId: 'g',
      subgroups: false,
      type: 0,
      presence: 'online',
    });
    expect(isFiltered({ ...NO_FILTER, type: -1 })).toBe(true);
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('words the largest whole unit in the language', () => {
    expect(relativeTime('2026-11-24T11:55:00Z', now, 'en-US')).toBe('5 minutes ago');
    expect(relativeTime('2026-11-24T11:59:58Z', now, 'en-US')).toBe('now');
    expect(relativeTime('2026-11-21T12:00:00Z', now, 'en-US')).toBe('3 days ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now, 'zh-CN')).toBe('3小时前');
  });
});

describe('uptime strip', () => {
  it('lays out seven UTC days, oldest first, hours from the bits', () => {
    const strip = uptimeStrip(
      [
        { day: '2026-11-24', hours: 0b101 },
        { day: '2026-11-22', hours: 2 ** 24 - 1 },
      ],
      '2026-11-24',
    );
    expect(strip.map((d) => d.day)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(strip[6]!.hours.slice(0, 4)).toEqual([true, false, true, false]);
    expect(strip[6]!.seen).toBe(2);
    expect(strip[4]!.seen).toBe(24);
    expect(strip[5]!.seen).toBe(0);
  });
});

describe('ip check', () => {
  it('takes IPv4 and IPv6, refuses the rest', async () => {
    const { isIp } = await import('./ip.ts');
    for (const ok of ['10.1.2.3', '::1', 'fe80::1', '2001:db8:0:0:0:0:2:1', '::ffff:10.0.0.1'])
      expect(isIp(ok), ok).toBe(true);
    for (const bad of ['10.1.2', '256.1.1.1', 'host', '1:2:3', ':::', '1::2::3'])
      expect(isIp(bad), bad).toBe(false);
  });
});

describe('device texts', () => {
  it('count devices and days in the plural English needs, one form in Chinese', async () => {
    const { i18n } = await import('../../../locales/i18n.ts');
    await import('./device-locales.ts');
    const t = (key: 'bulk.count' | 'detail.daysLeftValue', count: number, lng: string) =>
      i18n.t(key, { ns: 'adminDevices', count, lng });
    expect(t('bulk.count', 1, 'en-US')).toBe('This affects 1 device.');
    expect(t('bulk.count', 2, 'en-US')).toBe('This affects 2 devices.');
    expect(t('detail.daysLeftValue', 1, 'en-US')).toBe('1 day');
    expect(t('detail.daysLeftValue', 0, 'en-US')).toBe('0 days');
    expect(t('bulk.count', 1, 'zh-CN')).toBe('将影响 1 台设备。');
    expect(t('bulk.count', 3, 'zh-CN')).toBe('将影响 3 台设备。');
  });
});

describe('the device export’s words', () => {
  it('are the page’s own: its columns, labels and states in both languages', () => {
    for (const [lang, texts] of [
      ['zh-CN', zhDevices],
      ['en-US', enDevices],
    ] as const) {
      const page: Record<DeviceExportColumn, string> = {
        name: texts.columns.name,
        number: texts.detail.number,
        ip: texts.columns.ip,
        systemType: texts.detail.systemType,
        kind: texts.columns.kind,
        version: texts.columns.version,
        type: texts.columns.type,
        licenceExpiresAt: texts.detail.expiresAt,
        presence: texts.columns.presence,
        lastSeenAt: texts.columns.lastSeen,
        install: texts.columns.install,
        activation: texts.detail.activation,
        group: texts.columns.group,
        createdAt: texts.detail.createdAt,
        deprecatedAt: texts.detail.deprecatedAt,
        remark: texts.detail.remark,
        id: texts.detail.id,
      };
      for (const [column, words] of Object.entries(DEVICE_EXPORT_COLUMNS))
        expect(words[lang], `${lang} ${column}`).toBe(page[column as DeviceExportColumn]);
      const w = DEVICE_VALUE_WORDS;
      for (const [type, words] of Object.entries(w.type))
        expect(words[lang]).toBe(texts.counters[type as keyof typeof texts.counters]);
      for (const key of ['presence', 'install', 'activation'] as const)
        for (const [state, words] of Object.entries(w[key]))
          expect(words[lang], `${lang} ${key}.${state}`).toBe(
            (texts[key] as Record<string, string>)[state],
          );
      expect(w.never[lang]).toBe(texts.never);
    }
  });
});
