import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WhenNear } from './when-near.tsx';

type Seen = (entries: { isIntersecting: boolean }[]) => void;

/** An IntersectionObserver that reports when the test says the place came near. */
function fakeObserver() {
  const observers: { seen: Seen; margin?: string }[] = [];
  class Observer {
    constructor(seen: Seen, options?: { rootMargin?: string }) {
      observers.push({ seen, margin: options?.rootMargin });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return observers;
}

describe('WhenNear', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until its place nears the window, then the part', () => {
    const observers = fakeObserver();
    render(
      <WhenNear fallback={<p>loading the charts</p>}>
        <p>the charts</p>
      </WhenNear>,
    );
    expect(screen.getByText('loading the charts')).toBeTruthy();
    expect(screen.queryByText('the charts')).toBeNull();

    act(() => observers[0]!.seen([{ isIntersecting: false }]));
    expect(screen.queryByText('the charts')).toBeNull();

    act(() => observers[0]!.seen([{ isIntersecting: true }]));
    expect(screen.getByText('the charts')).toBeTruthy();
    expect(screen.queryByText('loading the charts')).toBeNull();
    expect(observers[0]!.margin).toBe('400px');
  });

  it('looks for its place only once what comes above it has settled', () => {
    const observers = fakeObserver();
    const page = (settled: boolean) => (
      <WhenNear settled={settled} fallback={<p>loading the charts</p>}>
        <p>the charts</p>
      </WhenNear>
    );
    const { rerender } = render(page(false));
    expect(observers).toHaveLength(0);
    rerender(page(true));
    expect(observers).toHaveLength(1);
    act(() => observers[0]!.seen([{ isIntersecting: true }]));
    expect(screen.getByText('the charts')).toBeTruthy();
  });

  it('shows the part at once in a browser without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear fallback={<p>loading the charts</p>}>
        <p>the charts</p>
      </WhenNear>,
    );
    expect(screen.getByText('the charts')).toBeTruthy();
  });
});
