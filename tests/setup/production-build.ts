/**
 * The production build (`build/`) for the tests that start the real server entry (the cluster
 * and the database-roles tests): built once when missing. Test files run in parallel, so the
 * check and the build happen under a lock file — two files never build into the same folder at
 * once, and the second finds the first's build. CI builds before the tests (scripts/test-all.sh),
 * so there this only checks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { SERVER_ENTRY } from '../../scripts/lib/server-entry.mjs';

/**
 * Builds `root`'s app into `root/build` (`npm run build`: the Vite bundle and the compiled server
 * entry) unless the compiled entry exists. Throws when the build fails.
 */
export async function ensureProductionBuild(root: string): Promise<void> {
  const lockTarget = path.join(root, 'package.json');
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  // A build takes minutes on a loaded machine: wait up to 15 minutes for another file's build.
  const release = await lockfile.lock(lockTarget, {
    lockfilePath: path.join(root, '.tmp', 'production-build.lock'),
    stale: 20_000,
    update: 5_000,
    retries: { retries: 900, minTimeout: 1_000, maxTimeout: 1_000, factor: 1 },
  });
  try {
    if (fs.existsSync(path.join(root, SERVER_ENTRY))) return;
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('the production build failed');
  } finally {
    await release();
  }
}
