// First: zod's settings, before any module builds a schema (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './locales/i18n.ts';
import './styles/base.css';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { configureHttp } from './lib/http.ts';

// Session expiry navigates inside the app instead of reloading it.
configureHttp({ navigate: (to) => void router.navigate(to) });

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices and lets input in between,
// where a plain render is one task of 100-200 ms on a slow phone (Lighthouse's TBT).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
