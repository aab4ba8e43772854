import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { useDeviceListState } from './use-device-list-state.ts';

/**
 * The router draws a navigation in a transition, which a busy page holds back. Here a part of
 * the page never draws the search's address, so its transition stays pending, and the test
 * changes a second filter before the first change is drawn, as a user on a slow machine can.
 */
const HELD = '?q=alpha';
const never = new Promise<never>(() => {});
let holding = false;

function Held() {
  const { search } = useLocation();
  if (holding && search === HELD) use(never);
  return null;
}

function Page() {
  const { state, update } = useDeviceListState();
  return (
    <>
      <output aria-label="status">{state.status}</output>
      <output aria-label="keyword">{state.filter.keyword}</output>
      <button
        type="button"
        onClick={() => update({ filter: { ...state.filter, keyword: 'alpha' }, page: 1 })}
      >
        search
      </button>
      <button type="button" onClick={() => update({ status: 'deprecated', page: 1 })}>
        deprecated
      </button>
      <Link to="/devices" replace>
        all devices
      </Link>
      <Suspense>
        <Held />
      </Suspense>
    </>
  );
}

function setUp(hold: boolean) {
  holding = hold;
  const router = createMemoryRouter([{ path: '/devices', element: <Page /> }], {
    initialEntries: ['/devices'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const shown = (name: string) => screen.getByRole('status', { name });

describe('the device list’s state in the address', () => {
  it('keeps a filter changed before the one before it was drawn', async () => {
    const router = setUp(true);
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    // Shown at once, though the router has not drawn it.
    expect(router.state.location.search).toBe(HELD);
    expect(shown('keyword')).toHaveTextContent('alpha');
    await userEvent.click(screen.getByRole('button', { name: 'deprecated' }));
    await waitFor(() => expect(router.state.location.search).toBe('?list=deprecated&q=alpha'));
    expect(shown('keyword')).toHaveTextContent('alpha');
    expect(shown('status')).toHaveTextContent('deprecated');
  });

  it('shows a link’s address once its own changes are drawn, the address before them too', async () => {
    const router = setUp(false);
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(router.state.location.search).toBe(HELD));
    await userEvent.click(screen.getByRole('link', { name: 'all devices' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(shown('keyword')).toBeEmptyDOMElement());
  });
});
