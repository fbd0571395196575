#!/usr/bin/env node
/**
 * Writes scripts/lib/shell-chunks.json, the modules of the public pages' first load and the chunk
 * each goes to (decision 036; see scripts/lib/shell-chunks.ts and decision 033). Run it after
 * changing what the public chrome or the home / properties / property pages import.
 *
 * Steps: a client build without the groups (DIMORA_SHELL_CHUNKS=off), which reports the modules
 * of each chunk (DIMORA_CHUNK_MODULES); for each first-load file of `/`, `/properties` and
 * `/property/:id` (scripts/bundle-budget.mjs's reading of the router manifest), its modules go to
 * `shell` when all three pages load them, otherwise to `public-<pages>`. Route modules and the
 * client entry stay their own chunks. Then a normal build, whose budget it prints.
 *
 * Usage: node scripts/shell-chunks.mjs   (exit 1 when a build fails)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES, firstLoadFiles, readRouterManifest } from './bundle-budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIST = path.join(root, 'scripts/lib/shell-chunks.json');
const DUMP = path.join(root, '.tmp/chunk-modules.json');
/** Short page names for the chunk names, in PAGES order. */
const SHORT = { 'routes/public/_index': 'home', 'routes/public/properties': 'properties', 'routes/public/property.$id': 'property' };

function build(env) {
  execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

build({ DIMORA_SHELL_CHUNKS: 'off', DIMORA_CHUNK_MODULES: DUMP });
const chunks = JSON.parse(fs.readFileSync(DUMP, 'utf8'));
const manifest = readRouterManifest();
// Route modules (every route, not only these pages) and the client entry keep their own files.
const isEntryModule = (key) => /(^|\/)entry\.client\.[jt]sx?$/.test(key) || /^app\/(root\.tsx|routes\/)/.test(key);

/** module key → the pages whose first load has it */
const users = new Map();
for (const page of PAGES) {
  for (const file of firstLoadFiles(manifest, page.routeId)) {
    if (!chunks[file]) throw new Error(`no module list for ${file}`);
    for (const key of chunks[file]) {
      if (isEntryModule(key)) continue;
      if (!users.has(key)) users.set(key, new Set());
      users.get(key).add(SHORT[page.routeId]);
    }
  }
}
const list = {};
for (const key of [...users.keys()].sort()) {
  const pages = users.get(key);
  list[key] =
    pages.size === PAGES.length
      ? 'shell'
      : `public-${Object.values(SHORT)
          .filter((name) => pages.has(name))
          .join('-')}`;
}
fs.writeFileSync(LIST, `${JSON.stringify(list, null, 1)}\n`);
const counts = Object.values(list).reduce((acc, name) => ({ ...acc, [name]: (acc[name] ?? 0) + 1 }), {});
console.log(`${path.relative(root, LIST)}: ${Object.keys(list).length} modules`, counts);

build({});
try {
  execFileSync('node', ['scripts/bundle-budget.mjs'], { cwd: root, stdio: 'inherit' });
} catch {
  // Over budget: the figures are printed; the list is written all the same.
}
