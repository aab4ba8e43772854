import { describe, expect, it } from 'vitest';
import {
  exportQuery,
  isNarrowed,
  logSearch,
  NO_LOG_FILTER,
  parseLogSearch,
  requestOf,
} from './log-filter.ts';

const GROUP = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
const search = (s: string) => new URLSearchParams(s);

describe('log filter in the address', () => {
  it('reads nothing as the defaults, and writes the defaults as nothing', () => {
    expect(parseLogSearch('monitor', search(''))).toEqual(NO_LOG_FILTER);
    expect(logSearch('monitor', NO_LOG_FILTER).toString()).toBe('');
    expect(isNarrowed(NO_LOG_FILTER)).toBe(false);
  });

  it('keeps every field of each list through a round trip', () => {
    const monitor = {
      range: '7d' as const,
      groupId: GROUP,
      deviceId: GROUP,
      keyword: 'shadow',
      kind: 'dpi' as const,
      change: 'altered' as const,
    };
    const written = logSearch('monitor', monitor);
    expect(written.toString()).toBe(
      `range=7d&group=${GROUP}&device=${GROUP}&kind=dpi&change=altered&q=shadow`,
    );
    expect(parseLogSearch('monitor', written)).toEqual(monitor);
    const access = { range: '24h' as const, keyword: '', operation: 'write', outcome: 'denied' };
    expect(parseLogSearch('access', logSearch('access', access as never))).toEqual(access);
    const alerts = { range: '30d' as const, keyword: '', state: 'new', source: 'rule' };
    expect(parseLogSearch('alerts', logSearch('alerts', alerts as never))).toEqual(alerts);
    expect(isNarrowed(alerts as never)).toBe(true);
  });

  it('keeps a custom span only with a custom range, and needs its start', () => {
    const custom = search('range=custom&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00.000Z');
    expect(parseLogSearch('access', custom)).toEqual({
      range: 'custom',
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
      keyword: '',
    });
    expect(parseLogSearch('access', search('range=custom&to=2026-11-21T00:00:00Z'))).toEqual(
      NO_LOG_FILTER,
    );
    expect(parseLogSearch('access', search('range=7d&from=2026-11-20T00:00:00Z'))).toEqual({
      range: '7d',
      keyword: '',
    });
  });

  it('drops what is not valid, and the other lists’ fields', () => {
    expect(
      parseLogSearch(
        'access',
        search(`range=1y&group=nope&kind=dpi&operation=fly&outcome=denied&q=${'x'.repeat(101)}`),
      ),
    ).toEqual({ range: '24h', keyword: '', outcome: 'denied' });
  });
});

describe('log filter as the calls take it', () => {
  it('sends only what is set, the span only when custom', () => {
    expect(requestOf('monitor', { ...NO_LOG_FILTER, from: 'x', keyword: ' ' })).toEqual({
      range: '24h',
    });
    expect(
      requestOf('alerts', {
        range: 'custom',
        from: '2026-11-20T00:00:00.000Z',
        keyword: ' etc ',
        state: 'seen',
        kind: 'dpi',
      }),
    ).toEqual({ range: 'custom', from: '2026-11-20T00:00:00.000Z', keyword: 'etc', state: 'seen' });
  });

  it('adds the format and the reader’s zone to an export', () => {
    expect(
      exportQuery('access', { ...NO_LOG_FILTER, outcome: 'denied' }, 'xlsx', 'Asia/Shanghai'),
    ).toBe('range=24h&outcome=denied&format=xlsx&tz=Asia%2FShanghai');
    expect(exportQuery('monitor', NO_LOG_FILTER, 'csv')).toBe('range=24h&format=csv');
  });
});
