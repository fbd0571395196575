#!/usr/bin/env node
/**
 * Writes app/lib/mantine-public-styles.ts: the Mantine stylesheets that the first paint of a
 * public page needs (decision 036). An anonymous visitor of a public page gets
 * only these render-blocking; the whole of Mantine's CSS (app/lib/mantine-styles.ts) follows once
 * the page is interactive. Run it after a public page or the public chrome starts using a Mantine
 * component it did not use before; the e2e test `public-first-paint-css.spec.ts` fails until then.
 *
 * Steps: starts the built server (scripts/lib/built-server.mjs: fresh embedded database, demo
 * data); reads the server-rendered HTML of every public page (PUBLIC_PAGE_PATH) as an anonymous
 * visitor, in both languages, with its empty, error and not-found states, and again with the
 * side menu left open and the dark theme; collects the Mantine
 * class names (`m_` + 8 hex digits) it uses; keeps each `@mantine/core/styles/<Component>.layer.css`
 * defining one of them, plus the baseline, the default variables and the global classes, in the
 * order of Mantine's full stylesheet (so the cascade inside the `mantine` layer is the same as
 * with the full file); writes the imports.
 *
 * Usage: node scripts/public-css.mjs [--build]   (builds first when there is no build)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from './lib/server-entry.mjs';
import { freePort, startBuiltServer, stopServer } from './lib/built-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STYLES = path.join(root, 'node_modules/@mantine/core/styles');
const OUTPUT = path.join(root, 'app/lib/mantine-public-styles.ts');
/** Always kept: the reset, the default CSS variables and the global helper classes. */
const ALWAYS = ['baseline', 'default-css-variables', 'global'];
const CLASS = /\bm_[0-9a-f]{8}\b/g;
/** The side menu's cookie (STORAGE_KEYS.sidebar in app/lib/constants.ts). */
const SIDEBAR_COOKIE = 'sidebar_state';

/** The public pages read, in every state a visitor can reach without JavaScript. */
function pagePaths(propertyPaths) {
  const pages = ['/', '/about', '/services', '/contact', '/gallery', '/amenities', '/apartments', '/privacy', '/terms'];
  const listings = [
    '/properties',
    '/properties?page=2',
    '/properties?sort=price_asc&capacity=2',
    '/properties?location=Nowhere%20Town',
    '/properties?minPrice=abc',
    '/properties?page=999',
  ];
  const missing = ['/property/999999999', '/property/abc'];
  const all = [...pages, ...listings, ...propertyPaths, ...missing];
  return [...all, ...all.map((url) => `${url}${url.includes('?') ? '&' : '?'}lang=it`)];
}

function build() {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('build failed');
}

/** Component file (without `.layer.css`) → the Mantine classes it defines. */
function componentClasses() {
  const map = new Map();
  for (const file of fs.readdirSync(STYLES)) {
    if (!file.endsWith('.layer.css')) continue;
    const name = file.slice(0, -'.layer.css'.length);
    map.set(name, new Set(fs.readFileSync(path.join(STYLES, file), 'utf8').match(CLASS) ?? []));
  }
  return map;
}

async function main() {
  if (process.argv.includes('--build') || !fs.existsSync(path.join(root, SERVER_ENTRY))) build();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startBuiltServer(port, { name: 'public-css' });
  const used = new Set();
  let pages = 0;
  try {
    const listing = await (await fetch(`${base}/properties`)).text();
    const propertyPaths = [...new Set([...listing.matchAll(/href="(\/property\/\d+)"/g)].map((match) => match[1]))];
    if (propertyPaths.length === 0) throw new Error('no listing on /properties');
    for (const url of pagePaths(propertyPaths)) {
      // As a first visit, and with the side menu left open and the dark theme (their cookies).
      for (const cookie of ['', `${SIDEBAR_COOKIE}=true; theme=dark`]) {
        const response = await fetch(`${base}${url}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        if (response.status >= 300 && response.status < 400) continue;
        for (const name of (await response.text()).match(CLASS) ?? []) used.add(name);
        pages += 1;
      }
    }
  } finally {
    await stopServer(server);
  }

  const full = fs.readFileSync(path.join(root, 'node_modules/@mantine/core/styles.layer.css'), 'utf8');
  const kept = [];
  for (const [name, classes] of componentClasses()) {
    if (!ALWAYS.includes(name) && ![...classes].some((item) => used.has(item))) continue;
    // Where the component's rules start in the full stylesheet (the reset and variables first).
    const first = ALWAYS.includes(name)
      ? ALWAYS.indexOf(name) - ALWAYS.length
      : Math.min(...[...classes].map((item) => full.indexOf(`.${item}`)).filter((at) => at >= 0));
    kept.push({ name, first });
  }
  kept.sort((a, b) => a.first - b.first);
  const unknown = [...used].filter((item) => ![...componentClasses().values()].some((classes) => classes.has(item)));
  const header = `/**
 * GENERATED by \`node scripts/public-css.mjs\` from the server-rendered HTML of ${pages} public pages:
 * the Mantine stylesheets an anonymous visitor's first paint needs (decision 036), in the order of
 * Mantine's full stylesheet. Everything else comes with app/lib/mantine-styles.ts after hydration.
 */
`;
  fs.writeFileSync(OUTPUT, `${header}${kept.map(({ name }) => `import '@mantine/core/styles/${name}.layer.css';`).join('\n')}\n`);
  console.log(`${path.relative(root, OUTPUT)}: ${kept.length} stylesheets for ${used.size} classes on ${pages} pages`);
  if (unknown.length) console.log(`classes defined by no component file (left to the full stylesheet): ${unknown.join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
