/**
 * The HTML shell: language and colour scheme from the visitor's cookies (so server-rendered HTML
 * is already right), Mantine and translation providers, and the top-level "Application Error" screen
 * (spec §2 error screen b).
 */
// The Mantine stylesheets of a public page's first paint; the rest follows (decision 036).
import './lib/mantine-public-styles';
import './app.css';
// The heading font (app/fonts.css): the weights the site uses.
import '@fontsource/source-serif-4/400.css';
import '@fontsource/source-serif-4/600.css';
import '@fontsource/source-serif-4/700.css';
import './fonts.css';
// The heading font's latin semibold file (fonts.css), preloaded: its hashed URL (decision 034).
import headingFontUrl from '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2?url';

import { ColorSchemeScript, MantineProvider } from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { DeferredNotifications } from './components/deferred-notifications';
import { AppErrorScreen } from './components/error-screens';
import { NotFoundScreen } from './components/not-found';
import { translations } from './i18n/resources.server';
import { DEFAULT_LANGUAGE, TOAST_LIMIT, TOAST_DURATION_MS } from './lib/constants';
import { markHydrated } from './lib/hydration';
import { loadMantineStyles, MantineStylesheets, paintsWithPublicStyles } from './lib/mantine-styles';
import { useNonce } from './lib/nonce';
import { startBrowserMonitoring } from './lib/monitoring';
import { getViewer } from './server/auth/session.server';
import { readVisitorToken } from './server/chat/chat-access.server';
import { monitoringConfigOf } from './server/monitoring/monitoring.server';
import { currentSettings } from './server/settings/settings.server';
import { createI18n, TranslationProvider, useRouteTranslations } from './lib/i18n';
import { readPreferences } from './lib/preferences';
import { NOINDEX, SITE_NAME } from './lib/meta';
import { registerServiceWorker, THEME_COLOR, WEB_MANIFEST_URL } from './lib/pwa';
import { LANG_PARAM } from './lib/seo';
import { createColorSchemeManager, cssVariablesResolver, localizedTheme, theme as baseTheme } from './lib/theme';
import { ThemeCssVariables } from './lib/theme-css-variables';

export async function loader({ request, context }: Route.LoaderArgs) {
  const preferences = readPreferences(request);
  // Without settings (database unreachable) the chrome falls back to the translated brand.
  const [viewer, settings] = await Promise.all([getViewer(request, context), currentSettings(context.db).catch(() => null)]);
  return {
    ...preferences,
    // The company name of /admin/system for the chrome (footer, top bar).
    site: { companyName: settings?.companyName ?? null },
    // Error monitoring (spec §9): only the public DSN and the sample rates, and only when stored.
    monitoring: settings ? monitoringConfigOf(settings) : null,
    // What the chrome needs to know about the signed-in user (side menu, top bar); no more.
    viewer: viewer ? { name: viewer.name, email: viewer.email, role: viewer.role } : null,
    // A visitor with a chat thread keeps its live stream open (the cookie itself is httpOnly).
    chat: readVisitorToken(request) !== null,
    // The bell's texts (notifications.json) go to signed-in users only.
    // The chat widget (chat.json) is on every page.
    translation: translations(preferences.language, viewer ? ['common', 'chat', 'notifications'] : ['common', 'chat']),
    requestId: context.requestId,
  };
}

/**
 * The `<title>` of pages whose route has no meta of its own, and of the error screens (decision 034: every page has a title, the not-found page included). Never indexed.
 */
export const meta: Route.MetaFunction = ({ data: rootData, error }) => {
  if (!error) return [{ title: SITE_NAME }, NOINDEX];
  const common = (rootData?.translation as { common?: { notFound?: { title?: string }; errors?: { routeTitle?: string } } } | undefined)
    ?.common;
  let title: string;
  if (isRouteErrorResponse(error) && error.status === 404) title = common?.notFound?.title ?? 'Page not found';
  // With root data the chrome's "Something went wrong" shows; without, the "Application Error" screen.
  else title = rootData ? (common?.errors?.routeTitle ?? 'Something went wrong') : 'Application Error';
  return [{ title: `${title} · ${SITE_NAME}` }, NOINDEX];
};

/**
 * The root data changes only after a form post (preferences, sign-in, sign-out), a redirect
 * to /auth (a session that ended elsewhere) or a link to another `?lang=`; plain navigations
 * keep it.
 */
export function shouldRevalidate({ formAction, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith('/preferences')) return true;
  // A link to another language's URL (`?lang=it`) changes the chrome's language.
  if (nextUrl.searchParams.get(LANG_PARAM) !== currentUrl.searchParams.get(LANG_PARAM) && nextUrl.searchParams.has(LANG_PARAM)) return true;
  if (nextUrl.pathname.startsWith('/auth')) return true;
  return formAction ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable site (decision 035): the web app manifest and the home-screen icon.
  { rel: 'manifest', href: WEB_MANIFEST_URL },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'preload', href: headingFontUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const i18n = useMemo(() => createI18n(language, data?.translation ?? {}), [language, data?.translation]);
  useRouteTranslations(i18n);
  const colorSchemeManager = useMemo(() => createColorSchemeManager(), []);
  const theme = useMemo(() => localizedTheme(i18n.t('common.toast.dismiss')), [i18n]);
  const scheme = data?.theme === 'dark' ? 'dark' : 'light';
  useEffect(markHydrated, []);
  // The whole Mantine stylesheet: in the head where the first paint needs it, else once interactive.
  // Without root data (the "Application Error" screen) the page links it as before.
  const pathname = useLocation().pathname;
  const publicStyles = data ? paintsWithPublicStyles(pathname, data.viewer !== null) : false;
  useEffect(loadMantineStyles, []);
  const monitoring = data?.monitoring;
  useEffect(() => {
    void startBrowserMonitoring(monitoring);
  }, [monitoring]);
  // The service worker (/sw.js, decision 035): production builds only, after the page loads.
  useEffect(() => {
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);
  const nonce = useNonce();
  return (
    <html lang={language} data-mantine-color-scheme={scheme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <MantineStylesheets deferred={publicStyles} />
        <Links />
        <ColorSchemeScript defaultColorScheme={data?.theme ?? 'auto'} localStorageKey="theme" nonce={nonce} />
      </head>
      <body>
        <TranslationProvider value={i18n}>
          <MantineProvider
            theme={theme}
            colorSchemeManager={colorSchemeManager}
            cssVariablesResolver={cssVariablesResolver}
            defaultColorScheme="auto"
            withCssVariables={false}
          >
            {/* The theme's CSS variables, built once (decision 034); the localized theme has the same ones. */}
            <ThemeCssVariables theme={baseTheme} resolver={cssVariablesResolver} />
            <DeferredNotifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="top-right" />
            {children}
          </MantineProvider>
        </TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <AppErrorScreen error={error} serverErrorId={data?.requestId} />;
}
