import { createBrowserRouter, type RouteObject } from 'react-router';
import { guardLoader } from './guard/guard-loader.ts';
import { PublicLayout } from './layout/public-layout.tsx';
import { adminRoutes } from './routes/admin-routes.ts';
import { portalRoutes } from './routes/portal-routes.ts';
import type { AppRoute, LayoutKind } from './routes/route-types.ts';
import { vendorRoutes } from './routes/vendor-routes.ts';
import { InitialProgress } from './shell/navigation-progress.tsx';
import { RootShell } from './shell/root-shell.tsx';
import { RouteError } from './shell/route-error.tsx';

export const appRoutes: readonly AppRoute[] = [...portalRoutes, ...adminRoutes, ...vendorRoutes];

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name },
    loader: guardLoader(route.access, route.prefetch),
    lazy: async () => ({ Component: (await route.page()).default }),
  };
}

/**
 * Layout routes. The public layout is bundled with the entry because /login needs it at once;
 * the signed-in shells (menu, icons, modals) load only when a signed-in page is visited.
 */
const layoutRoutes: Record<LayoutKind, Omit<RouteObject, 'children' | 'index'>> = {
  public: { Component: PublicLayout },
  portal: {
    lazy: async () => ({ Component: (await import('./layout/portal-layout.tsx')).default }),
  },
  admin: { lazy: async () => ({ Component: (await import('./layout/admin-layout.tsx')).default }) },
  vendor: {
    lazy: async () => ({ Component: (await import('./layout/vendor-layout.tsx')).default }),
  },
};

const notFound = async () => ({
  Component: (await import('./shell/not-found-page.tsx')).default,
});

/**
 * Unknown paths: under /admin they are console pages, so the console guard applies first
 * (signed out → /admin/login?redirect=…) and the 404 shows inside the console layout.
 */
const fallbacks: Record<LayoutKind, RouteObject[]> = {
  public: [{ path: '*', lazy: notFound }],
  portal: [],
  admin: [{ path: '/admin/*', loader: guardLoader('admin'), lazy: notFound }],
  vendor: [{ path: '/sa/*', loader: guardLoader('vendor'), lazy: notFound }],
};

/** Builds the router's tree from the flat route table: root → layout → pages. */
export function buildRoutes(routes: readonly AppRoute[]): RouteObject[] {
  const byLayout = (kind: LayoutKind): RouteObject => ({
    ...layoutRoutes[kind],
    children: [...routes.filter((r) => r.layout === kind).map(toRouteObject), ...fallbacks[kind]],
  });
  return [
    {
      Component: RootShell,
      HydrateFallback: InitialProgress,
      ErrorBoundary: RouteError,
      children: [byLayout('public'), byLayout('portal'), byLayout('admin'), byLayout('vendor')],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes(appRoutes));
