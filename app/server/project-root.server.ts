/**
 * The project's root folder: the nearest folder above this module that holds Dimora's
 * `package.json`. The same answer whether the module runs from source (tsx, vitest), from the
 * Vite server bundle (`build/server`) or from the compiled server entry (`build/entry`), so files
 * the server reads from the repository (the migrations, the demo drawings) are found from each
 * (decision 053: the compiled server entry).
 */
import fs from 'node:fs';
import path from 'node:path';

let found: string | undefined;

/**
 * Answers the absolute path of the project root (cached after the first call).
 * Throws when no ancestor folder holds a `package.json` named `dimora` (a broken install).
 */
export function projectRoot(): string {
  if (found) return found;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'dimora') {
      found = dir;
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`Dimora's package.json was not found above ${import.meta.dirname}`);
  }
}
