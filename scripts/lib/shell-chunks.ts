/**
 * The public pages' first load in a handful of files (decision 036, decision 033).
 *
 * Rolldown's automatic chunking gives every set of routes sharing modules its own chunk, so a
 * first visit to `/` fetched ~80 files (Lighthouse's simulated slow 4G pays a request for
 * each; gzip compresses each tiny file on its own). Here the modules of the public first loads
 * are grouped instead: `shell` holds what `/`, `/properties` and `/property/:id` all load (React,
 * React Router, the Mantine core, the chrome), `public-<pages>` what only some of them load. The
 * route modules stay their own entries; other routes' code keeps the automatic chunking.
 *
 * Which modules those are cannot be read from the module graph before tree-shaking (Mantine's
 * and tabler's barrels reach every component), so the list comes from a build without the groups:
 * `node scripts/shell-chunks.mjs` writes it to scripts/lib/shell-chunks.json. A stale list still
 * builds a working app: a module no longer used is simply not bundled, a new one falls back to the
 * automatic chunking; the bundle budget (scripts/bundle-budget.mjs) shows the cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module list: module key (see moduleKey) → chunk name. */
export const SHELL_CHUNKS_FILE = path.join(import.meta.dirname, 'shell-chunks.json');

/**
 * A module id as stored in the list, independent of where the project and its node_modules live:
 * `node_modules/<package path>` for dependencies (the part after the last node_modules), the
 * project-relative path otherwise; no query.
 * @param id rolldown module id (absolute path, maybe with a `?query`)
 * @param root the project directory
 */
export function moduleKey(id: string, root: string): string {
  const file = id.replace(/\?.*$/, '').replaceAll('\\', '/');
  const at = file.lastIndexOf('/node_modules/');
  if (at >= 0) return file.slice(at + 1);
  return path.relative(root, file).replaceAll('\\', '/');
}

/**
 * Rolldown `codeSplitting.groups` putting the listed modules into their named chunks; none when
 * the list is missing or DIMORA_SHELL_CHUNKS=off (as scripts/shell-chunks.mjs builds).
 * @param root the project directory
 * @param file the list (SHELL_CHUNKS_FILE)
 */
export function shellChunkGroups(root: string, file = SHELL_CHUNKS_FILE) {
  if (process.env.DIMORA_SHELL_CHUNKS === 'off' || !fs.existsSync(file)) return [];
  const names = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>));
  const nameOf = (id: string) => names.get(moduleKey(id, root));
  // One group per chunk name, the widest first (shell, then chunks of two pages, then of one):
  // a group takes its modules' dependencies along, unless a group before it took them already,
  // and `/properties` must not load the home page's chunk for a component they share.
  return [...new Set(names.values())].sort().map((name) => ({
    name,
    test: (id: string) => nameOf(id) === name,
    priority: name === 'shell' ? 100 : 10 * (name.split('-').length - 1),
  }));
}

/**
 * With DIMORA_CHUNK_MODULES=<file>, the client build writes there which modules each chunk holds
 * (`{"/assets/x.js": ["node_modules/…", "app/…"]}`), for scripts/shell-chunks.mjs.
 * @param root the project directory
 */
export function chunkModulesPlugin(root: string): Plugin {
  return {
    name: 'dimora-chunk-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const target = process.env.DIMORA_CHUNK_MODULES;
      if (!target) return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks[`/${output.fileName}`] = output.moduleIds.map((id) => moduleKey(id, root));
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, JSON.stringify(chunks));
    },
  };
}
