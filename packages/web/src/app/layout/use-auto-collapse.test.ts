import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useAutoCollapse } from './use-auto-collapse.ts';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('useAutoCollapse', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  });
  afterEach(() => vi.useRealTimers());

  it('collapses 500 ms after a resize to 800 px or less, not before', () => {
    const { result } = renderHook(() => useAutoCollapse());
    expect(result.current[0]).toBe(false);
    act(() => resizeTo(800));
    act(() => vi.advanceTimersByTime(499));
    expect(result.current[0]).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(true);
  });

  it('debounces: only the width after the last resize counts', () => {
    const { result } = renderHook(() => useAutoCollapse());
    act(() => resizeTo(700));
    act(() => vi.advanceTimersByTime(300));
    act(() => resizeTo(1200));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current[0]).toBe(false);
  });

  it('starts collapsed on a narrow window and re-expands only if it collapsed itself', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 600 });
    const { result } = renderHook(() => useAutoCollapse());
    expect(result.current[0]).toBe(true);
    act(() => resizeTo(1200));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true)); // the user collapses it
    act(() => resizeTo(1300));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current[0]).toBe(true);
  });

  it('stays above 800 px', () => {
    const { result } = renderHook(() => useAutoCollapse());
    act(() => resizeTo(801));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(false);
  });
});
