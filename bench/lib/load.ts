// What the HTTP benchmarks share: one autocannon run against a local port, the median of rounds,
// a random pick, and a throwaway PostgreSQL cluster tuned as every benchmark runs it.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { startThrowawayCluster } from '../../scripts/pg-cluster.mjs';

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

/** A PostgreSQL cluster of its own for one benchmark (stop it when done), with 256 MB of buffers. */
export async function benchCluster(): Promise<{ url: string; stop(): void }> {
  return await startThrowawayCluster({ settings: ['shared_buffers=256MB'] });
}

/**
 * Klang's bench server (`lib/bench-server.ts`) on `port` over `databaseUrl`, pinned to core 0 (the
 * caller and autocannon run under `taskset -c 1`); resolves once it listens. Kill it when done.
 */
export async function startBenchServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const server = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
    execArgv: ['--import', 'tsx'],
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
