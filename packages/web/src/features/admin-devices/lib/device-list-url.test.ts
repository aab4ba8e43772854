import { describe, expect, it } from 'vitest';
import { NO_FILTER } from './device-filter.ts';
import {
  DEFAULT_LIST,
  deviceListSearch,
  exportQuery,
  parseDeviceListSearch,
} from './device-list-url.ts';

const parse = (search: string) => parseDeviceListSearch(new URLSearchParams(search));
const GROUP = '0b7c6a3e-1d2f-4a5b-8c9d-0e1f2a3b4c5d';

describe('device list state in the address', () => {
  it('an empty address is the default list, and the default list writes nothing', () => {
    expect(parse('')).toEqual(DEFAULT_LIST);
    expect(deviceListSearch(DEFAULT_LIST).toString()).toBe('');
  });

  it('reads back what it wrote: filters, keyword, counter, sort and page', () => {
    const state = {
      status: 'deprecated' as const,
      filter: {
        ...NO_FILTER,
        groupId: GROUP,
        subgroups: false,
        type: -1,
        kind: 'DPI' as const,
        presence: 'offline' as const,
        install: 'failed' as const,
        keyword: 'web 01',
        expiring: true,
        outdated: true,
      },
      sort: 'name' as const,
      order: 'asc' as const,
      page: 3,
      pageSize: 20,
    };
    const search = deviceListSearch(state).toString();
    expect(search).toBe(
      `list=deprecated&group=${GROUP}&subgroups=0&type=-1&kind=DPI&presence=offline&install=failed&expiring=1&outdated=1&q=web+01&sort=name&order=asc&page=3&size=20`,
    );
    expect(parse(search)).toEqual(state);
  });

  it('falls back to the default of each value the address gets wrong, keeping the rest', () => {
    const state = parse(
      'list=gone&group=not-a-uuid&type=9&kind=XYZ&presence=asleep&install=1&expiring=yes&outdated=true&sort=ip&order=up&page=0&size=7&q=' +
        'x'.repeat(65),
    );
    expect(state).toEqual(DEFAULT_LIST);
    expect(parse('sort=lastSeenAt&page=-2&size=1000').sort).toBe('lastSeenAt');
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=99999999999').page).toBe(1);
    expect(parse('type=0&page=4')).toMatchObject({ filter: { type: 0 }, page: 4 });
  });

  it('keeps the subgroups switch only with a group', () => {
    expect(
      deviceListSearch({ ...DEFAULT_LIST, filter: { ...NO_FILTER, subgroups: false } }).toString(),
    ).toBe('');
  });

  it('asks the export for the list the page shows: status, filter and order, not the page', () => {
    const state = parse(
      `list=deprecated&group=${GROUP}&subgroups=0&type=-1&presence=offline&expiring=1&outdated=1&q=web+01&sort=name&order=asc&page=3&size=20`,
    );
    const query = new URLSearchParams(exportQuery(state, 'xlsx', 'Asia/Shanghai'));
    expect(Object.fromEntries(query)).toEqual({
      groupId: GROUP,
      subgroups: 'false',
      type: '-1',
      presence: 'offline',
      keyword: 'web 01',
      expiring: 'true',
      outdated: 'true',
      status: 'deprecated',
      sort: 'name',
      order: 'asc',
      format: 'xlsx',
      tz: 'Asia/Shanghai',
    });
    expect(exportQuery(DEFAULT_LIST, 'csv')).toBe(
      'status=running&sort=createdAt&order=desc&format=csv',
    );
  });
});
