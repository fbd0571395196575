/**
 * Which Mantine stylesheets a page blocks its first paint on (decision 036).
 *
 * Mantine's whole stylesheet is 42 KB gzipped, and a public page's first paint uses about a third
 * of it. So an anonymous visitor of a public page (PUBLIC_PAGE_PATH) gets only the stylesheets
 * that page's server-rendered HTML uses (app/lib/mantine-public-styles.ts, imported by the root)
 * and the whole of it once the page is interactive, before a menu, a dialog or a toast can open.
 * Every other page, and every page of a signed-in user, links the whole stylesheet in its
 * `<head>` as before. All of Mantine's CSS is in the `mantine` cascade layer, so whichever file
 * comes last, the application's own CSS keeps its precedence over it.
 */
import mantineCoreStylesUrl from '@mantine/core/styles.layer.css?url';
import mantineNotificationsStylesUrl from '@mantine/notifications/styles.layer.css?url';
import { PUBLIC_PAGE_PATH } from './public-pages';

/** The whole of Mantine's CSS: the components, then the toasts. */
export const MANTINE_STYLESHEETS: readonly string[] = [mantineCoreStylesUrl, mantineNotificationsStylesUrl];

/** Marks the links that loadMantineStyles adds, so it adds them once. */
const LOADED_ATTRIBUTE = 'data-mantine-styles';

/**
 * Whether the page at `pathname` paints first with the public stylesheets only: a public page
 * seen by an anonymous visitor.
 */
export function paintsWithPublicStyles(pathname: string, signedIn: boolean): boolean {
  return !signedIn && PUBLIC_PAGE_PATH.test(pathname);
}

/**
 * The `<head>` links for the whole Mantine stylesheet: render-blocking where the page needs it
 * for its first paint, otherwise only for visitors without JavaScript (loadMantineStyles brings
 * it to the others).
 */
export function MantineStylesheets({ deferred }: { deferred: boolean }) {
  const links = MANTINE_STYLESHEETS.map((href) => <link key={href} rel="stylesheet" href={href} />);
  return deferred ? <noscript>{links}</noscript> : <>{links}</>;
}

/**
 * In the browser: appends a `<link rel="stylesheet">` for each whole Mantine stylesheet to the
 * document's head, once per page load (the links stay when a later navigation removes the ones
 * MantineStylesheets rendered). A no-op on the server.
 */
export function loadMantineStyles(): void {
  if (typeof document === 'undefined' || document.head.querySelector(`link[${LOADED_ATTRIBUTE}]`)) return;
  for (const href of MANTINE_STYLESHEETS) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.setAttribute(LOADED_ATTRIBUTE, '');
    document.head.append(link);
  }
}
