/**
 * `npm start`: builds the app when no build exists or a source file is newer than it, then
 * starts the server (which migrates, seeds an empty database and listens on HOST:PORT).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildFile = path.join(root, 'build/server/index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (!fs.existsSync(buildFile)) return true;
  const built = fs.statSync(buildFile).mtimeMs;
  const sources = [path.join(root, 'app'), path.join(root, 'public')].filter((dir) => fs.existsSync(dir));
  const configs = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts'].map((f) => path.join(root, f));
  const newest = Math.max(...sources.map(newestMtime), ...configs.filter((f) => fs.existsSync(f)).map((f) => fs.statSync(f).mtimeMs));
  return newest > built;
}

if (needsBuild()) {
  console.log('Building Dimora (first start or sources changed)…');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/index');
