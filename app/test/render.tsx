/**
 * Rendering for component tests (files with a `// @vitest-environment happy-dom` pragma): the
 * providers the root layout gives every page (app/root.tsx: the translator with the language's
 * texts, Mantine with the app's theme, the toast container) and the browser APIs Mantine reads
 * that a test DOM may lack (matchMedia, ResizeObserver, document.fonts, scrollIntoView). `renderRoute` mounts
 * routes in React Router's `createRoutesStub`, so loaders, actions, `<Form>` and navigation work as
 * on a page. The rendered tree is unmounted after each test.
 *
 * Not a test file: imported by `*.test.tsx` beside the components.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach } from 'vitest';
import { resourcesFor } from '~/i18n/resources.server';
import type { Language } from '~/lib/constants';
import { createI18n, TranslationProvider, type Translator } from '~/lib/i18n';
import { cssVariablesResolver, theme } from '~/lib/theme';

installBrowserStubs();
afterEach(cleanup);
// `findBy…` and `waitFor` wait for a condition up to 5 s (the default 1 s is too short on a busy
// machine: role queries over a Mantine page take a while); they return as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

/** The browser APIs Mantine and the components call that a test DOM may not have. */
function installBrowserStubs() {
  if (typeof window === 'undefined') throw new Error('app/test/render.tsx needs a DOM: add `// @vitest-environment happy-dom`');
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
  if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;
}

/** A translator holding every translation file of `lang` (the pages get a subset of the same texts). */
export function testTranslator(lang: Language = 'en'): Translator {
  return createI18n(lang, resourcesFor(lang));
}

/** The root layout's providers around `children`: translations, Mantine with the app theme, toasts. */
export function AppProviders({ children, lang = 'en' }: { children: ReactNode; lang?: Language }) {
  return (
    <TranslationProvider value={testTranslator(lang)}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications />
        {children}
      </MantineProvider>
    </TranslationProvider>
  );
}

type Rendered = RenderResult & { user: ReturnType<typeof userEvent.setup> };

/** Renders `ui` inside the app's providers, with a user-event session for interacting with it. */
export function renderWithProviders(ui: ReactNode, { lang = 'en' }: { lang?: Language } = {}): Rendered {
  const user = userEvent.setup({ delay: null });
  return { user, ...render(<AppProviders lang={lang}>{ui}</AppProviders>) };
}

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/**
 * Renders `routes` in a routes stub (React Router's test router: loaders, actions, `<Form>`,
 * links) inside the app's providers, starting at `initialEntries` (default `/`).
 */
export function renderRoute(
  routes: StubRoutes,
  { initialEntries = ['/'], lang = 'en', ...stubProps }: { lang?: Language } & ComponentProps<ReturnType<typeof createRoutesStub>> = {},
): Rendered {
  const Stub = createRoutesStub(routes);
  return renderWithProviders(<Stub initialEntries={initialEntries} {...stubProps} />, { lang });
}
