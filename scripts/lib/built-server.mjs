/**
 * The built server on a fresh embedded database with the demo data, for the scripts that measure
 * or read pages as a visitor gets them (scripts/lighthouse.mjs, scripts/public-css.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from './server-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port nobody listens on now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the compiled server entry (production mode, the existing build) on `port` over a wiped
 * `.tmp/<name>-data`, so the server seeds SEED_UNITS demo units (default 60); resolves with the
 * child process once /readyz answers, within 120 s. Its log: `.tmp/<name>-server.log`.
 */
export async function startBuiltServer(port, { name }) {
  const dataDir = path.join(root, `.tmp/${name}-data`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const logFile = `.tmp/${name}-server.log`;
  const log = fs.openSync(path.join(root, logFile), 'w');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    // Its own process group: stopping it stops everything it started.
    detached: true,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_UNITS: process.env.SEED_UNITS ?? '60',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(child);
  throw new Error(`the server did not become ready (see ${logFile})`);
}

/** Stops a server of startBuiltServer and everything it started; resolves once it exited. */
export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}
