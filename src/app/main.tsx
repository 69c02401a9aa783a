import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type NavigateOptions } from '@tanstack/react-router';
import { configureHttp } from '@/lib/http';
import { activateLocale } from '@/lib/i18n';
import { appStore, languageAtom } from '@/lib/state';
import { BCP47, toLocale } from '@contract/domain/locales';
import { installAntdRender, loadAntdLocale } from './antd';
import { Providers } from './providers';
import { router } from './router';
import './theme.css';

// Before anything renders: antd-mobile's toasts and dialogs need it on React 19.
installAntdRender();

// The client's redirects go through the router so they keep history and transitions. Targets are
// typed per route (NavTarget); the router's option type cannot follow a union of every route.
configureHttp({
  navigate: ({ to, search }) => void router.navigate({ to, search } as NavigateOptions),
  currentHref: () => router.state.location.href,
});

// Render in the stored language from the first frame; a catalog that cannot load (offline
// before it was cached) leaves the source English rather than a blank screen.
const locale = toLocale(appStore.get(languageAtom));
// index.html ships the default language; say the stored one while its catalog loads.
document.documentElement.lang = BCP47[locale];
await Promise.all([activateLocale(locale), loadAntdLocale(locale)]).catch(() =>
  activateLocale('en').catch((error: unknown) => console.error('no catalog could load', error)),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
