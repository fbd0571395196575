/**
 * The installable, offline-capable site (decision 035; spec §"Also": a service worker is
 * registered at /sw.js). Shared by the browser (registration, below) and the build
 * (`scripts/lib/pwa-build.ts`, which generates /sw.js, /offline.html and the web app manifest
 * after the client bundle is written). Decision record 035 explains the caching rules.
 */

/** Where the service worker is served: the site's root, so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
/** The web app manifest, linked from every page (root.tsx). */
export const WEB_MANIFEST_URL = '/manifest.webmanifest';
/** The page a navigation gets offline when nothing fresher is cached (precached). */
export const OFFLINE_FALLBACK_URL = '/offline.html';
/** The browser's toolbar and the installed app's colour: the brand teal (Mantine teal 9). */
export const THEME_COLOR = '#087f5b';
/** The installed app's splash-screen background. */
export const BACKGROUND_COLOR = '#ffffff';

/** The runtime cache of public pages (HTML and their `.data` loads) seen while online. */
export const PAGES_CACHE = 'dimora-pages';
/** How many public pages (HTML or `.data` each) stay cached, least recently used dropped first. */
export const PAGES_CACHE_MAX_ENTRIES = 20;
/** How long a cached public page may be served offline (seconds): one week. */
export const PAGES_CACHE_MAX_AGE_S = 7 * 24 * 60 * 60;
/** The runtime cache of the code of pages outside the app shell (back office, portals), once used. */
export const ASSETS_CACHE = 'dimora-assets';
/** The runtime cache of listing photos (`/media/…` images) seen on those pages. */
export const MEDIA_CACHE = 'dimora-media';

/**
 * The public pages that may be kept for offline reading — their HTML and their React Router
 * `.data` loads (`/_root.data` is the home page's): the home page, the listings, a unit's page
 * and the marketing pages. Anything else (accounts, portals, back office, forms with tokens,
 * APIs) is never cached by the worker. The query string is not part of the test.
 */
export const OFFLINE_PUBLIC_PATH =
  /^\/(?:|_root\.data|(?:properties|apartments|amenities|services|about|gallery|contact|privacy|terms|property\/\d{1,10})(?:\.data)?)$/;

/** True when `pathname` (no query) is a public page the worker may keep for offline reading. */
export function isOfflinePublicPath(pathname: string): boolean {
  return OFFLINE_PUBLIC_PATH.test(pathname);
}

/**
 * Registers the service worker once the page has loaded (so it never competes with the first
 * paint), in production builds only. `updateViaCache: 'none'`: the browser checks /sw.js
 * against the server on every navigation, bypassing the HTTP cache, so a new deploy's worker is
 * found at once; the worker then takes over without waiting (skipWaiting + clientsClaim in the
 * build). Does nothing where service workers are unavailable (old browsers, plain http off
 * localhost). Errors are ignored: the site works without its worker.
 */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
