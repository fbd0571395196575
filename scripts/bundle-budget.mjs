#!/usr/bin/env node
/**
 * The first-load JavaScript budget (decision 036): after `react-router build`, how much
 * gzipped JavaScript a first visit to `/` and `/properties` downloads, and a failure when
 * either is above the budget (150 KB gzipped).
 *
 * What counts is what the server-rendered HTML makes the browser fetch before the page is
 * interactive: React Router's client manifest (build/client/assets/manifest-<hash>.js) lists,
 * for the entry client and for each route of the match (root → layout → page), its module and
 * every static import (the `<link rel="modulepreload">`s of the page). The files are
 * deduplicated, each is gzipped on its own (zlib's default level, as the server's compression
 * middleware does) and the sizes are summed. Dynamic imports (the chat panel, the
 * notification bell, the map, Sentry …) are not part of a first load and are not counted.
 * `/property/:id` is printed too, for information only.
 *
 * Usage: node scripts/bundle-budget.mjs [--budget-kb 150] [--results file.json] [--json file.json] [--top N]
 *   --results  writes {"passed":n,"failed":n} (one check per gated page) for scripts/summarize-results.mjs
 *   --json     writes the figures (KB gzipped and files per page)
 *   --top N    lists the N largest files of each page
 * Exit status: 0 within budget, 1 over budget, 2 no build (run `npx react-router build` first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT_DIR = path.join(root, 'build/client');

/** The pages measured: URL → route id of React Router's manifest; `gated` pages must fit the budget. */
export const PAGES = [
  { url: '/', routeId: 'routes/public/_index', gated: true },
  { url: '/properties', routeId: 'routes/public/properties', gated: true },
  { url: '/property/:id', routeId: 'routes/public/property.$id', gated: false },
];

/** Decision 036: at most 150 KB of gzipped JavaScript on a first load of `/` and `/properties`. */
export const DEFAULT_BUDGET_KB = 150;

/**
 * Reads React Router's client manifest (`window.__reactRouterManifest={…}`) from the build.
 * @param {string} clientDir build/client
 * @returns {{ entry: { module: string, imports: string[] }, routes: Record<string, { id: string, parentId?: string, module: string, imports?: string[] }> }}
 * @throws when there is no build or no manifest in it
 */
export function readRouterManifest(clientDir = CLIENT_DIR) {
  const assets = path.join(clientDir, 'assets');
  const file = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name)) : undefined;
  if (!file) throw new Error(`no React Router manifest in ${assets} (run \`npx react-router build\` first)`);
  const source = fs.readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
}

/**
 * The JavaScript files a first load of a route downloads: the entry client and its imports, then
 * each route from the root down to `routeId` with its static imports; deduplicated, in order.
 * @param manifest React Router's client manifest (see readRouterManifest)
 * @param {string} routeId e.g. "routes/public/_index"
 * @returns {string[]} URL paths such as "/assets/root-abc.js"
 * @throws when the route is not in the manifest
 */
export function firstLoadFiles(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    chain.unshift(route);
  }
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * Gzipped size of each file and their sum, in bytes.
 * @param {string[]} files URL paths under build/client
 * @returns {{ bytes: number, files: { file: string, bytes: number }[] }}
 */
export function gzippedSize(files, clientDir = CLIENT_DIR) {
  const sizes = files.map((file) => ({ file, bytes: zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length }));
  return { bytes: sizes.reduce((sum, item) => sum + item.bytes, 0), files: sizes };
}

function main() {
  const { values: args } = parseArgs({
    options: {
      'budget-kb': { type: 'string', default: String(DEFAULT_BUDGET_KB) },
      results: { type: 'string' },
      json: { type: 'string' },
      top: { type: 'string', default: '0' },
    },
  });
  const budgetKb = Number(args['budget-kb']);
  let manifest;
  try {
    manifest = readRouterManifest();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (args.results) fs.writeFileSync(args.results, JSON.stringify({ passed: 0, failed: 1 }));
    process.exit(2);
  }
  let rows;
  try {
    rows = PAGES.map((page) => {
      const measured = gzippedSize(firstLoadFiles(manifest, page.routeId));
      return {
        ...page,
        kb: measured.bytes / 1024,
        files: measured.files.length,
        largest: measured.files.sort((a, b) => b.bytes - a.bytes),
      };
    });
  } catch (error) {
    // A page that is not in the manifest (a route renamed without updating PAGES) is a failed check, counted in the summary.
    console.error(error instanceof Error ? error.message : error);
    if (args.results) fs.writeFileSync(args.results, JSON.stringify({ passed: 0, failed: 1 }));
    process.exit(2);
  }
  console.log(`First-load JavaScript, gzipped (budget ${budgetKb} KB on the gated pages):`);
  let passed = 0;
  let failed = 0;
  for (const row of rows) {
    const verdict = !row.gated ? '(not gated)' : row.kb <= budgetKb ? 'ok' : `OVER by ${(row.kb - budgetKb).toFixed(1)} KB`;
    console.log(`  ${row.url.padEnd(14)} ${row.kb.toFixed(1).padStart(6)} KB in ${String(row.files).padStart(3)} files  ${verdict}`);
    for (const item of row.largest.slice(0, Number(args.top)))
      console.log(`      ${(item.bytes / 1024).toFixed(1).padStart(6)} KB  ${item.file}`);
    if (row.gated) {
      if (row.kb <= budgetKb) passed += 1;
      else failed += 1;
    }
  }
  if (args.json) {
    const figures = {
      budgetKb,
      pages: rows.map(({ url, routeId, gated, kb, files }) => ({ url, routeId, gated, kb: Number(kb.toFixed(1)), files })),
    };
    fs.writeFileSync(args.json, `${JSON.stringify(figures, null, 2)}\n`);
  }
  if (args.results) fs.writeFileSync(args.results, JSON.stringify({ passed, failed }));
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
