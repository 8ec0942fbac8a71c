import { availableParallelism } from 'node:os';
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The one database interface every repository uses. Two drivers sit behind it: embedded PGlite
 * (the default, persisted under DATA_DIR) and PostgreSQL through node-postgres (DATABASE_URL).
 * Both speak the same SQL, so one set of migrations and repositories serves both.
 */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface QueryOptions {
  /**
   * Prepare the statement once per connection and let PostgreSQL reuse its plan. For the hot
   * key lookups and writes of a request, where parsing and planning cost ten times the
   * execution; never for a query whose best plan depends on its parameters, such as the
   * random-key pick (performance-and-security A5: a cached generic plan made it 20x slower). PGlite ignores it.
   */
  prepare?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The database could not be reached or dropped the connection (stopped, restarting, out of
 * connections): the request did not happen and can be tried again. The API answers 503 for it,
 * never a 500, and a transaction that met it was rolled back by PostgreSQL.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection that could not be made or was cut. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a node-postgres error means the server is unavailable rather than the statement wrong:
 * SQLSTATE class 08 (connection exception), 57P01 to 57P03 (shutting down, crashed, starting),
 * 53300 (too many connections), a refused or cut socket, or the pool's own connect timeout and
 * "terminated" errors, which carry no code.
 */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || code === '53300' || /^57P0[123]$/.test(code)) return true;
    if (UNREACHABLE_CODES.has(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i.test(
    error.message,
  );
}

function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailableError(error)) return error;
  return new DatabaseUnavailableError(error);
}

export async function one<Row>(db: Queryable, sql: string, params?: readonly unknown[]): Promise<Row> {
  const rows = await db.query<Row>(sql, params);
  const row = rows[0];
  if (rows.length !== 1 || row === undefined) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

export async function maybeOne<Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params);
  return rows[0];
}

export type DatabaseConfig =
  { kind: 'pglite'; dir?: string } | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  return config.kind === 'pglite' ? openPglite(config.dir) : openPostgres(config.url, config.poolSize);
}

/** An in-memory PGlite when `dir` is omitted (tests); a persistent one otherwise. */
async function openPglite(dir?: string): Promise<Db> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://');
  const asQueryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const result = await q.query<Row>(sql, params as unknown[] | undefined);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(client),
    async exec(sql) {
      await client.exec(sql);
    },
    transaction: (work) => client.transaction((tx) => work(asQueryable(tx))),
    close: () => client.close(),
  };
}

/**
 * PGlite returns int8 (bigint columns, count(*)) as a number and node-postgres as a string; parse
 * it as a number here too, so repositories see one type on both drivers. Our int8 values (byte
 * sizes, counts, identities) stay far below 2^53.
 */
const getTypeParser: typeof pg.types.getTypeParser = (oid, format) =>
  oid === pg.types.builtins.INT8
    ? (value: string) => Number(value)
    : (pg.types.getTypeParser(oid, format) as (value: string) => unknown);

/** A prepared statement's name: one per distinct SQL text, the same on every connection. */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `k_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Connections per process: three per core. More only queue inside PostgreSQL, where they contend
 * for the same cores; fewer starve the light reads. On this 2-core machine (bench/README.md):
 * 10 connections served 1,110 likes/s with p99 32 to 39 ms; 6 served 1,216 with p99 25 ms and
 * kept the reads' throughput; 5 cost the reads a fifth of theirs.
 */
export const DEFAULT_POOL_SIZE = availableParallelism() * 3;

const CONNECT_TIMEOUT_MS = 3000;

async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: { getTypeParser },
    // A request waits at most this long for a connection, so a database that is down or out of
    // connections turns into a quick 503 instead of a request that hangs.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection can die (a server restart, a DROP DATABASE ... WITH (FORCE) after close);
  // node-postgres reports it as an 'error' event that would crash the process if unheard. The
  // next query gets a fresh connection, so noting it is enough.
  let isClosing = false;
  pool.on('error', (error) => {
    if (!isClosing) console.error('a PostgreSQL connection was lost:', error.message);
  });
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  const asQueryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      // Unnamed statements unless asked: a named (cached generic) plan slows the random-key pick
      // by 20x for users with many likes (performance-and-security.md A5).
      const values = params as unknown[] | undefined;
      try {
        const result = options?.prepare
          ? await q.query({ name: statementName(sql), text: sql, values })
          : await q.query(sql, values);
        return result.rows as Row[];
      } catch (error) {
        throw asUnavailable(error);
      }
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    async exec(sql) {
      try {
        await pool.query(sql);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error);
      }
      let failure: unknown;
      try {
        await client.query('begin');
        const result = await work(asQueryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        failure = asUnavailable(error);
        await client.query('rollback').catch(() => undefined);
        throw failure;
      } finally {
        // A connection that failed is destroyed, not put back for the next request to meet.
        client.release(failure instanceof DatabaseUnavailableError ? failure : undefined);
      }
    },
    close: () => {
      isClosing = true;
      return pool.end();
    },
  };
}
