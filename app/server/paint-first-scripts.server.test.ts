/**
 * Scripts after the first paint (paint-first-scripts.server.ts, decision 036): on a page as React
 * Router writes it, the module preloads are gone, the module script waits for the first frame and
 * then imports the route modules (bound to their names) and every other preloaded module at once,
 * and imports the client entry last; the rest of the page is unchanged. A page without that
 * script keeps its preloads, at low priority. Through the stream the same, in any cut of the bytes.
 */
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint, withScriptsAfterFirstPaint } from './paint-first-scripts.server';

const preloads = ['entry.client', 'runtime', 'shell', 'root', 'home']
  .map((name) => `<link rel="modulepreload" href="/assets/${name}.js" nonce="n"/>`)
  .join('');

const moduleScript =
  '<script nonce="n" type="module" async="">;\n' +
  'import * as route0 from "/assets/root.js";\n' +
  'import * as route1 from "/assets/home.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client.js");</script>';

const page =
  '<!DOCTYPE html><html lang="it"><head><link rel="stylesheet" href="/assets/shell.css"/>' +
  preloads +
  '</head><body><h1>Appartamenti in affitto · città</h1><p>import * as route9 from "x"; stays</p>' +
  '<script nonce="n">window.__reactRouterContext = {};</script>' +
  moduleScript +
  '</body></html>';

/** The text of the page's module script. */
function moduleScriptOf(html: string): string {
  return /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
}

describe('withScriptsAfterFirstPaint', () => {
  it('drops the preloads and imports everything after the first frame, the client entry last', () => {
    const html = withScriptsAfterFirstPaint(page);
    expect(html).not.toContain('rel="modulepreload"');
    const script = moduleScriptOf(html);
    // First the wait for the first paint (at once in a hidden document), then the imports.
    const [wait, imports] = script.split('\n});\n');
    expect(wait).toMatch(/^await new Promise\(\(resolve\) => \{/);
    expect(wait).toContain("observe({ type: 'paint' })");
    expect(wait).toContain("document.visibilityState === 'hidden'");
    expect(imports!.split('\n')[0]).toBe(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js"), import("/assets/runtime.js"), import("/assets/shell.js")]);',
    );
    expect(script).not.toMatch(/import \* as route/);
    // React Router's own lines follow unchanged, the entry's import the last of them.
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client.js");')).toBe(true);
    expect(script.match(/import\("\/assets\/entry\.client\.js"\)/g)).toHaveLength(1);
    // The rest of the page as it was.
    expect(html.replace(script, '')).toBe(page.replace(preloads, '').replace(moduleScriptOf(page), ''));
    expect(html).toContain('<p>import * as route9 from "x"; stays</p>');
  });

  it('leaves a page without React Router’s module script as it is, its preloads at low priority', () => {
    const plain = page.replace(moduleScript, '');
    const html = withScriptsAfterFirstPaint(plain);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" href="/g)).toHaveLength(5);
    expect(html.replaceAll(' fetchpriority="low"', '')).toBe(plain);
  });
});

describe('scriptsAfterFirstPaint', () => {
  /** The stream's output for `pieces` written one after another. */
  async function through(pieces: Buffer[]): Promise<string> {
    const stream = scriptsAfterFirstPaint();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => stream.on('end', resolve));
    for (const piece of pieces) stream.write(piece);
    stream.end();
    await done;
    return Buffer.concat(out).toString('utf-8');
  }

  it('rewrites the whole page however its bytes are cut, multi-byte text included', async () => {
    const bytes = Buffer.from(page, 'utf-8');
    const expected = withScriptsAfterFirstPaint(page);
    for (let cut = 1; cut < bytes.length; cut += 97) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toBe(expected);
    }
    const accented = bytes.indexOf(Buffer.from('à', 'utf-8'));
    expect(await through([bytes.subarray(0, accented + 1), bytes.subarray(accented + 1)])).toBe(expected);
  });
});
