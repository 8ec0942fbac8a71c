import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db } from '../db/client';
import { migrate } from '../db/migrate';

let sharedPglite: Promise<Db> | undefined;

/**
 * Starting PGlite costs seconds (WebAssembly start-up) while migrating costs a fraction of one, so
 * the test files of one worker share one in-memory instance (Vitest runs them one after another
 * there: `isolate: false` in vitest.config.ts) and each file starts from an empty, migrated schema.
 */
async function resetSharedPglite(): Promise<Db & { drop(): Promise<void> }> {
  sharedPglite ??= openDatabase({ kind: 'pglite' });
  const db = await sharedPglite;
  await db.exec('drop schema public cascade; create schema public;');
  await migrate(db);
  // Closing is the worker's exit; the next file resets the schema again.
  return { ...db, drop: () => Promise.resolve() };
}

/**
 * A fresh, migrated database for one test file. In-memory PGlite by default; when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database is created on it for the
 * file and dropped afterwards, so the same route tests run against real PostgreSQL in CI.
 */
export async function createTestDatabase(): Promise<Db & { drop(): Promise<void>; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return resetSharedPglite();
  const name = `klang_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrate(db);
  return Object.assign(db, {
    /** Where another process (a job worker under test) reaches this database. */
    url: url.toString(),
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  });
}
