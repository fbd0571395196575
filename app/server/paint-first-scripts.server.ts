/**
 * The page's scripts start after its first paint (decision 036, "Scripts after the first paint").
 *
 * Every page is server-rendered and works before its scripts run (links and forms are plain
 * HTML), so its first paint needs the HTML, the stylesheets, the fonts and the largest image —
 * not the 150 KB of JavaScript that hydrates it. React Router's `<Scripts>` starts all of it at
 * once: a `<link rel="modulepreload">` per first-load module and a module script whose static
 * `import * as routeN from "…"` lines fetch the route modules while the page is being parsed.
 * On a slow phone connection those downloads share the bandwidth the first paint waits for.
 *
 * The HTML is rewritten on its way out (the whole document is rendered before its first byte,
 * app/entry.server.tsx, so nothing streams earlier than before):
 * - the module preload links are dropped;
 * - the module script first waits for the page's first paint (its `paint` timing entry; at once
 *   in a hidden tab or a prerender, where no paint comes), then imports the route modules and
 *   every module the preloads named, all at once (no waterfall), then runs the rest of React
 *   Router's script unchanged: the manifest, the route modules, the client entry.
 * A document without React Router's module script (or with one of another shape) is left as it
 * is, with only its preloads at low priority (`fetchpriority="low"`: they yield to the
 * render-critical requests but still start at once), as every page had it before.
 */
import { Transform, type TransformCallback } from 'node:stream';

const MODULE_PRELOAD_OPENING = '<link rel="modulepreload"';

/** `html` with `fetchpriority="low"` on each module preload link (the fallback above). */
export function withLowPriorityModulePreloads(html: string): string {
  return html.replaceAll(MODULE_PRELOAD_OPENING, `${MODULE_PRELOAD_OPENING} fetchpriority="low"`);
}

const MODULE_SCRIPT = /(<script[^>]*\stype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /import \* as (route\d+) from "([^"]+)";\n?/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*\/?>/g;
const ENTRY_IMPORT = /import\("([^"]+)"\);?\s*$/;

/**
 * Waits until the page has painted (the browser's first `paint` timing entry); at once when it
 * has already, or when the document is hidden (no paint would come: a background tab, a
 * prerender), or as soon as it becomes hidden. Without paint timing: after the first frame.
 */
const AFTER_FIRST_PAINT = `await new Promise((resolve) => {
  if (document.visibilityState === 'hidden' || performance.getEntriesByType('paint').length > 0) return resolve();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(resolve, 0));
  new PerformanceObserver((_entries, observer) => { observer.disconnect(); resolve(); }).observe({ type: 'paint' });
  document.addEventListener('visibilitychange', resolve, { once: true });
});`;

/**
 * Rewrites a whole HTML document as described above. Answers `html` with only its preloads at
 * low priority when it has no React Router module script of the expected shape.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  const body = script?.[2] ?? '';
  const routes = [...body.matchAll(ROUTE_IMPORT)].map((match) => ({ name: match[1]!, url: match[2]! }));
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  if (!script || routes.length === 0 || !entry) return withLowPriorityModulePreloads(html);

  const routeUrls = new Set(routes.map((route) => route.url));
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  // The client entry runs last, as React Router's script has it; the route modules are imported by name.
  const others = [...new Set(preloads)].filter((url) => url !== entry && !routeUrls.has(url));
  const imports = [...routes.map((route) => route.url), ...others].map((url) => `import(${JSON.stringify(url)})`).join(', ');
  const rewritten = [
    AFTER_FIRST_PAINT,
    `const [${routes.map((route) => route.name).join(', ')}] = await Promise.all([${imports}]);`,
    body.replace(ROUTE_IMPORT, ''),
  ].join('\n');
  const start = script.index;
  const end = start + script[0].length;
  const before = html.slice(0, start).replace(MODULE_PRELOAD, '');
  const after = html.slice(end).replace(MODULE_PRELOAD, '');
  return `${before}${script[1]}${rewritten}${script[3]}${after}`;
}

/**
 * A Transform for the UTF-8 HTML stream of a page (Buffers in, one Buffer out at the end) that
 * applies withScriptsAfterFirstPaint to the whole document.
 */
export function scriptsAfterFirstPaint(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf-8') : chunk);
      callback();
    },
    flush(callback: TransformCallback) {
      callback(null, Buffer.from(withScriptsAfterFirstPaint(Buffer.concat(chunks).toString('utf-8')), 'utf-8'));
    },
  });
}
