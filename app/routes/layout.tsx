/**
 * The page chrome around every public page: top bar, floating side menu, cookie banner, offline
 * badge, loading card and footer; plus error screen (a) of spec §2 and the 404 page inside it.
 */
import { Suspense } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useNavigate, useRouteError, useRouteLoaderData } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { FlashToasts } from '~/components/chrome/flash-toasts';
import { PasteGuard } from '~/components/chrome/paste-guard';
import { Footer } from '~/components/chrome/footer';
import { LoadingCard } from '~/components/chrome/loading-card';
import { OfflineBadge } from '~/components/chrome/offline-badge';
import { SideMenu } from '~/components/chrome/side-menu';
import { TopBar } from '~/components/chrome/top-bar';
import { RouteErrorScreen } from '~/components/error-screens';
import { NotFoundScreen } from '~/components/not-found';
import { ChatLauncher } from '~/features/inquiries/components/chat-launcher';
import { LazyNotificationBell } from '~/features/notifications/components/lazy-notification-bell';
import { DEFAULT_LANGUAGE } from '~/lib/constants';
import { lazyPart } from '~/lib/lazy-part';
import { RealtimeProvider } from '~/lib/realtime';
import type { loader as rootLoader } from '~/root';
import classes from '~/components/chrome/chrome.module.css';

// Decision 036: the banner is code-split; a visitor who has chosen (the server read the cookie)
// never downloads it, and until its chunk is in, the server's banner posts as a plain form.
const CookieBanner = lazyPart(() => import('~/components/chrome/cookie-banner').then((module) => module.CookieBanner));

function Chrome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <RealtimeProvider enabled={Boolean(root?.viewer) || Boolean(root?.chat)} identity={root?.viewer?.email ?? ''}>
      <a href="#main" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <TopBar
        language={root?.language ?? DEFAULT_LANGUAGE}
        serverTheme={root?.theme ?? 'auto'}
        notifications={root?.viewer ? <LazyNotificationBell key={root.viewer.email} /> : null}
      />
      <SideMenu initialOpen={root?.sidebarOpen ?? false} viewer={root?.viewer ?? null} />
      <FlashToasts />
      <PasteGuard />
      <OfflineBadge />
      <LoadingCard />
      <main id="main" className={classes.main}>
        {children}
      </main>
      <Footer />
      {root?.consent ? null : (
        <Suspense fallback={null}>
          <CookieBanner initialConsent={null} />
        </Suspense>
      )}
      <ChatLauncher viewer={root?.viewer ?? null} hasChat={Boolean(root?.chat)} />
    </RealtimeProvider>
  );
}

export default function Layout() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigate = useNavigate();
  const location = useLocation();
  // spec §4: Try Again clears the error and renders the page again (its loaders run again).
  const retry = () => void navigate(location.pathname + location.search, { replace: true });
  return (
    <Chrome>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundScreen />
      ) : (
        <RouteErrorScreen error={error} serverErrorId={root?.requestId} onRetry={retry} />
      )}
    </Chrome>
  );
}
