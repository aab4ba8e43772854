import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CUSTOMER_LIST,
  customerListSearch,
  exportQuery,
  listBody,
  parseCustomerListSearch,
} from './customer-list-url.ts';

const parse = (search: string) => parseCustomerListSearch(new URLSearchParams(search));

describe('customer list state in the address', () => {
  it('an empty address is the default list, and the default list writes nothing', () => {
    expect(parse('')).toEqual({
      ...DEFAULT_CUSTOMER_LIST,
      keys: undefined,
      licences: undefined,
      balanceMin: undefined,
      balanceMax: undefined,
      version: undefined,
    });
    expect(customerListSearch(DEFAULT_CUSTOMER_LIST).toString()).toBe('');
  });

  it('reads back what it wrote: keyword, filters, order and page', () => {
    const state = {
      keyword: 'acme 上海',
      keys: 'none' as const,
      licences: 'expiring' as const,
      balanceMin: 0,
      balanceMax: 12,
      version: '2.10.0-rc1',
      sort: 'balance' as const,
      order: 'asc' as const,
      page: 7,
      pageSize: 50,
    };
    expect(parse(customerListSearch(state).toString())).toEqual(state);
    // A balance of 0 is a bound, not "no bound".
    expect(customerListSearch(state).get('min')).toBe('0');
  });

  it('falls back to the default for what an edited link got wrong, silently', () => {
    const s = parse('keys=maybe&licences=x&min=-1&max=1e9&sort=password&order=up&page=0&size=7');
    expect(s).toMatchObject({
      keys: undefined,
      licences: undefined,
      balanceMin: undefined,
      balanceMax: undefined,
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: DEFAULT_CUSTOMER_LIST.pageSize,
    });
    expect(parse(`q=${'x'.repeat(101)}`).keyword).toBe('');
  });

  it('sends the list and the export the same filter and order, the export without a page', () => {
    const state = { ...DEFAULT_CUSTOMER_LIST, keys: 'initialised' as const, page: 3 };
    expect(listBody(state)).toMatchObject({ keys: 'initialised', page: 3, sort: 'createdAt' });
    const query = new URLSearchParams(exportQuery(state, 'xlsx', 'Asia/Shanghai'));
    expect(Object.fromEntries(query)).toEqual({
      keys: 'initialised',
      sort: 'createdAt',
      order: 'desc',
      format: 'xlsx',
      tz: 'Asia/Shanghai',
    });
  });
});
