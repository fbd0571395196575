#!/usr/bin/env node
/**
 * `npm start`: builds the app when no build exists or a source file is newer than it
 * (`npm run build`: the Vite bundle and the compiled server entry), then runs the compiled server
 * entry in this process with plain `node` (decision 053): it migrates, seeds an empty database
 * and listens on HOST:PORT.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_ENTRY } from './lib/server-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtFiles = ['build/server/index.js', SERVER_ENTRY].map((file) => path.join(root, file));

/** The newest modification time (ms) of any file under `dir`. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when a built file is missing or older than a source, a public file or a build config. */
function needsBuild() {
  if (!builtFiles.every((file) => fs.existsSync(file))) return true;
  const built = Math.min(...builtFiles.map((file) => fs.statSync(file).mtimeMs));
  const sources = ['app', 'public', 'server'].map((dir) => path.join(root, dir)).filter((dir) => fs.existsSync(dir));
  const configs = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'scripts/build-server.mjs']
    .map((file) => path.join(root, file))
    .filter((file) => fs.existsSync(file));
  const newest = Math.max(...sources.map(newestMtime), ...configs.map((file) => fs.statSync(file).mtimeMs));
  return newest > built;
}

if (needsBuild()) {
  console.log('Building Dimora (first start or sources changed)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, SERVER_ENTRY)).href);
