/**
 * Vitest global set-up (vitest.config.ts `globalSetup`, decision 046): migrates one template
 * database per run, so each test file's database is a copy of it instead of 20 migrations
 * applied again.
 * - PGlite (default): a dump of a migrated in-memory data directory, written to the system's temp
 *   folder; `createTestDatabase` loads it.
 * - PostgreSQL (TEST_DATABASE_URL): a database `dimora_template_<pid>` on that server;
 *   `createTestDatabase` answers `CREATE DATABASE … TEMPLATE` it.
 * Both are removed when the run ends.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite, openDatabase } from '../../app/server/db/client.server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dump's file (a tar), when the run is on PGlite. */
    pgliteTemplate: string;
    /** The template database's name, when the run is on PostgreSQL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const file = path.join(os.tmpdir(), `dimora-pglite-template-${process.pid}.tar`);
    await fs.writeFile(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => fs.rm(file, { force: true });
  }
  const name = `dimora_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await cleanup.end();
    }
  };
}
