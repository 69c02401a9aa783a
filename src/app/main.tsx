import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type NavigateOptions } from '@tanstack/react-router';
import { configureHttp } from '@/lib/http';
import { activateLocale, i18n } from '@/lib/i18n';
import { appStore, endSessionIfAppWasClosed, languageAtom } from '@/lib/state';
import { BCP47, toLocale } from '@contract/domain/locales';
import { Providers } from './providers';
import { nextTask } from './next-task';
import { prefetchFirstScreen } from './prefetch';
import { createAppRouter, preloadPage } from './router';
// antd-mobile's base styles and variables (font, colours) before ours: home uses no antd-mobile
// component, so nothing else would bring them to the first route. Its module's one other job, a
// touchstart listener that lets iOS apply `:active`, is done below without loading it.
import 'antd-mobile/es/global/global.css';
import './theme.css';

// The startup is cut into tasks (nextTask) so a phone's main thread never stays busy long in one
// go: evaluating the first route's modules, then the requests below, then the router, then the
// first render, itself sliced by React (a transition).
const app: { router?: ReturnType<typeof createAppRouter> } = {};
/** A redirect asked for before the router exists (a reply of the first requests): made once it does. */
let pendingNavigation: NavigateOptions | undefined;

// The client's redirects go through the router so they keep history and transitions. Targets are
// typed per route (NavTarget); the router's option type cannot follow a union of every route.
configureHttp({
  navigate: ({ to, search }) => {
    const target = { to, search } as NavigateOptions;
    if (app.router) void app.router.navigate(target);
    else pendingNavigation = target;
  },
  currentHref: () => app.router?.state.location.href ?? openingHref(),
});

/** Where the hash router opens: `#/pages/market/market?x=1` is `/pages/market/market?x=1`. */
function openingHref(): string {
  return location.hash.slice(1) || '/';
}
/** The path of that location, as the router reads it before it exists. */
const openingPath = openingHref().split(/[?#]/)[0] || '/';

// "Stay logged in" off: a session ends when the app is closed (see security settings).
endSessionIfAppWasClosed(
  (token) =>
    void fetch('/api/user/logout', { headers: { Authorization: token }, keepalive: true }).catch((error: unknown) =>
      console.warn('session: logout not sent', error),
    ),
);
prefetchFirstScreen(openingPath);

// Render in the stored language from the first frame; a catalog that cannot load (offline
// before it was cached) leaves the source English rather than a blank screen.
const locale = toLocale(appStore.get(languageAtom));
// index.html ships the default language; say the stored one while its catalog loads.
document.documentElement.lang = BCP47[locale];
// iOS Safari applies `:active` to buttons only when the page listens to touchstart.
document.addEventListener('touchstart', () => {}, { capture: true, passive: true });
/**
 * index.html loads the app's style sheets without blocking its first paint (media="print", see
 * scripts/first-route-preload.ts); they apply once loaded, right before React replaces the frame.
 * A sheet that failed to load is applied anyway: the page is usable unstyled.
 */
function applyAppStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')];
  const loaded = (link: HTMLLinkElement) =>
    link.sheet
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener(
            'error',
            () => {
              console.error(`style sheet ${link.href} could not load`);
              resolve();
            },
            { once: true },
          );
        });
  return Promise.all(links.map(loaded)).then(() => links.forEach((link) => (link.media = 'all')));
}

// The catalog and the page the app opens at load side by side (index.html preloads both for
// home), so the first render shows the page rather than a frame waiting for its chunk.
const loaded = Promise.all([
  activateLocale(locale).catch(() =>
    activateLocale('en').catch((error: unknown) => {
      console.error('no catalog could load', error);
      // A language without its texts rather than none: Lingui throws on every translation until
      // one is active, and failed requests wait for it to word their message (@/lib/http).
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }),
  ),
  preloadPage(openingPath),
  applyAppStyles(),
]);

await nextTask();
const router = createAppRouter();
app.router = router;
if (pendingNavigation) void router.navigate(pendingNavigation);
await nextTask();
// The router resolves its location before the first render: rendered unresolved, it would
// resolve in a layout effect and re-render the whole page at once, outside the transition.
await Promise.all([loaded, router.load()]);

// A transition: React renders in slices of a few milliseconds instead of one long task, so the
// page stays responsive while the first screen is built; index.html's frame shows meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
