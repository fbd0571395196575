#!/usr/bin/env node
/**
 * The second step of `npm run build` (decision 053, "the compiled server entry"): compiles
 * `server/index.ts` and the server modules it imports from `app/` into one ES module,
 * `build/entry/index.js`, that plain `node` runs. `npm start`, the cluster's workers, the browser
 * tests and the benchmarks run it, so no TypeScript loader (tsx) stays in a serving process: that
 * loader held more than half of a worker's memory (660 MB against 288 MB at idle).
 *
 * npm packages stay imports (resolved from node_modules at run time, as under tsx); files the
 * server reads from the repository are found from the project root (app/server/project-root.server.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_ENTRY } from './lib/server-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  absWorkingDir: root,
  entryPoints: ['server/index.ts'],
  outfile: SERVER_ENTRY,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Every npm package is imported at run time, as tsx did: native addons, JSON and createRequire keep working.
  packages: 'external',
  // `~/…` as in tsconfig.json and vite.config.ts.
  alias: { '~': './app' },
  // Readable stack traces in the log without a source-map hook at run time.
  minify: false,
  keepNames: true,
  logLevel: 'warning',
});
console.log(`server entry compiled: ${SERVER_ENTRY}`);
