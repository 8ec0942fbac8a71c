// What the HTTP benchmarks share: one autocannon run against a local port, the median of rounds,
// a random pick, and a throwaway PostgreSQL cluster tuned as every benchmark runs it.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startThrowawayCluster } from '../../scripts/pg-cluster.mjs';
import { openDatabase, type Queryable } from '../../server/src/db/client';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** One autocannon run of `requests` against 127.0.0.1:`port`: requests a second and latency. */
export function runLoad(
  port: number,
  requests: autocannon.Request[],
  options: { duration: number; connections: number },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `http://127.0.0.1:${String(port)}`, ...options, requests }, (error, result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else
        resolve({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
        });
    });
  });
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/**
 * Diagnostics, off in a recorded run (bench/README.md): `PGSS=<file>` loads pg_stat_statements
 * into the cluster and writes each statement's calls, plans, time, buffers and WAL per call to the
 * file; `CPU_PROF=<dir>` writes the bench server's CPU profile there.
 */
const STATEMENT_STATS = process.env.PGSS;

/** A PostgreSQL cluster of its own for one benchmark (stop it when done), with 256 MB of buffers. */
export async function benchCluster(): Promise<{ url: string; stop(): void }> {
  const stats = STATEMENT_STATS
    ? [
        'shared_preload_libraries=pg_stat_statements',
        'pg_stat_statements.track=all',
        'pg_stat_statements.track_planning=on',
      ]
    : [];
  return await startThrowawayCluster({ settings: ['shared_buffers=256MB', ...stats] });
}

/**
 * With `PGSS`: `start` (after migrating) creates the extension, `reset` forgets what came before
 * the measured rounds, `write` saves the statements by total time. Without, each does nothing.
 */
export const statementStats = {
  async start(db: Queryable) {
    if (STATEMENT_STATS) await db.query('create extension pg_stat_statements');
  },
  async reset(url: string) {
    if (!STATEMENT_STATS) return;
    const db = await openDatabase({ kind: 'postgres', url });
    await db.query('select pg_stat_statements_reset()');
    await db.close();
  },
  async write(url: string) {
    if (!STATEMENT_STATS) return;
    const db = await openDatabase({ kind: 'postgres', url });
    const rows = await db.query(
      `select calls, plans, round((total_exec_time / nullif(calls, 0))::numeric, 3) as exec_ms,
         round((total_plan_time / nullif(plans, 0))::numeric, 3) as plan_ms,
         round(((shared_blks_hit + shared_blks_read)::float8 / nullif(calls, 0))::numeric, 1) as buffers,
         round((wal_bytes::float8 / nullif(calls, 0))::numeric) as wal_bytes,
         round((rows::float8 / nullif(calls, 0))::numeric, 2) as rows,
         left(regexp_replace(query, '\\s+', ' ', 'g'), 200) as query
       from pg_stat_statements order by total_exec_time desc limit 30`,
    );
    writeFileSync(STATEMENT_STATS, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    await db.close();
  },
};

/**
 * Klang's bench server (`lib/bench-server.ts`) on `port` over `databaseUrl`, pinned to core 0 (the
 * caller and autocannon run under `taskset -c 1`); resolves once it listens. Kill it when done.
 */
export async function startBenchServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const server = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
    ],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
  });
  if (server.pid) execFileSync('taskset', ['-a', '-p', '-c', '0', String(server.pid)], { stdio: 'ignore' });
  await new Promise<void>((resolve) => {
    server.once('message', () => {
      resolve();
    });
  });
  return server;
}
