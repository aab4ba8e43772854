import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { PAGE_SIZE_RELOAD_DELAY_MS } from '@edp/shared/constants';
import { usePaging } from './use-paging.ts';

describe('usePaging', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('changes page at once', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.change(3, 10));
    expect(result.current.params).toEqual({ page: 3, pageSize: 10 });
    expect(result.current.pagination(100)).toMatchObject({ current: 3, pageSize: 10, total: 100 });
  });

  it('resets to page 1 on a page-size change and reloads a second later', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.change(4, 10));
    act(() => result.current.change(4, 30));
    expect(result.current.shown).toEqual({ page: 1, pageSize: 30 });
    expect(result.current.params).toEqual({ page: 4, pageSize: 10 });
    act(() => vi.advanceTimersByTime(PAGE_SIZE_RELOAD_DELAY_MS - 1));
    expect(result.current.params.pageSize).toBe(10);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.params).toEqual({ page: 1, pageSize: 30 });
  });

  it('offers the page sizes of docs/product.md §9 and a reset', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current.pagination(0).pageSizeOptions).toEqual(['10', '20', '30', '40', '50']);
    act(() => result.current.change(2, 10));
    act(() => result.current.reset());
    expect(result.current.params.page).toBe(1);
  });
});
