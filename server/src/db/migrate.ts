import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNS_COMPILED, SERVER_DIST_DIR, SERVER_SOURCE_DIR } from '../lib/package-paths';
import type { Db } from './client';

/** The compiled server reads the copy its build wrote beside it (decision 0241). */
const MIGRATIONS_DIR = RUNS_COMPILED
  ? path.join(SERVER_DIST_DIR, 'migrations')
  : path.join(SERVER_SOURCE_DIR, 'db/migrations');

/** An arbitrary, fixed key for the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK_KEY = 7_340_211;

/**
 * Applies every `migrations/NNNN-name.sql` not yet recorded, in order, each in its own
 * transaction. Two instances starting together on PostgreSQL wait for each other on an
 * advisory lock instead of racing. `before` stops at the first file whose name does not sort
 * before it: a migration's test builds the schema it meets, with rows in it, and then applies it.
 */
export async function migrate(db: Db, options: { before?: string } = {}): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f))
    .filter((f) => options.before === undefined || f < options.before)
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * Splits a migration into statements so each runs through the parameterised query path,
 * which both drivers share inside a transaction. Dollar-quoted bodies ($$ ... $$) are kept whole.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const trimmed = line.trim();
    if (!inDollar && (trimmed === '' || trimmed.startsWith('--'))) continue;
    current += `${line}\n`;
    const dollarCount = line.split('$$').length - 1;
    if (dollarCount % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
