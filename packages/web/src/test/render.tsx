import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders UI inside the app's providers and a memory router, as a user would meet it. */
export function renderWithApp(ui: ReactElement, { path = '/', routes = [] as RouteObject[] } = {}) {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
