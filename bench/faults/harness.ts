// The fault battery's shared parts: PostgreSQL and an S3-compatible server on loopback, Klang
// processes run as `npm start` runs them (compiled), listener sessions, bounded waits, and the
// results file. Every process started here is stopped by `Battery.close`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import {
  accountsEndpoints,
  fillPath,
  healthEndpoints,
  paymentsEndpoints,
  PRO_PLAN,
  tracksEndpoints,
  entryUrl,
} from '@klang/domain';
import { openDatabase, type Db } from '../../server/src/db/client';
import { wavHeader } from '../../server/src/test/test-audio';
import { startThrowawayCluster } from '../../scripts/pg-cluster.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.join(ROOT, 'bench/results/faults.json');

/** Ports of this battery (3261–3269): servers and the proxy. */
export const PORTS = { a: 3261, b: 3262, proxy: 3263, s3: 3264 } as const;

/** Every instance's session secret (the local payments' webhook secret derives from it). */
export const SESSION_SECRET = 'faults-session-secret-0123456789abcdef';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${String(timeoutMs)} ms waiting for ${what}`);
    await sleep(100);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A check of the scenario's promise: recorded with what was seen, and failing the run if false. */
export interface Check {
  name: string;
  pass: boolean;
  seen: unknown;
}

export function check(name: string, pass: boolean, seen: unknown): Check {
  console.log(`  ${pass ? 'ok  ' : 'FAIL'} ${name}: ${JSON.stringify(seen)}`);
  return { name, pass, seen };
}

/** Merges one scenario's figures into bench/results/faults.json. */
export function record(scenario: string, result: Record<string, unknown> & { checks: Check[] }) {
  const all = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { scenarios: Record<string, unknown> })
    : { scenarios: {} };
  all.scenarios[scenario] = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      // Timings mean little on a machine others are loading: the 1, 5 and 15 minute load averages.
      loadAverage: loadavg().map((l) => +l.toFixed(1)),
    },
    pass: result.checks.every((c) => c.pass),
    ...result,
  };
  const sorted = Object.fromEntries(Object.entries(all.scenarios).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(RESULTS, `${JSON.stringify({ scenarios: sorted }, null, 2)}\n`);
}

export interface KlangProcess {
  name: string;
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit (at most `timeoutMs`, then SIGKILL). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

/** What a battery owns; `close` stops and removes all of it, whatever happened. */
export class Battery {
  readonly work = mkdtempSync(path.join(tmpdir(), 'klang-faults-'));
  /** The temp directory of the Klang processes started here. */
  readonly scratch = path.join(this.work, 'tmp');
  private readonly cleanups: (() => Promise<void> | void)[] = [];
  private readonly processes = new Set<KlangProcess>();

  constructor() {
    mkdirSync(this.scratch);
  }

  onClose(cleanup: () => Promise<void> | void) {
    this.cleanups.push(cleanup);
  }

  async postgres(settings?: string[]) {
    const cluster = await startThrowawayCluster(settings ? { settings } : {});
    this.onClose(() => {
      cluster.stop();
    });
    return cluster;
  }

  async database(url: string): Promise<Db> {
    const db = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await db.close();
    };
    this.onClose(close);
    return { ...db, close };
  }

  /** An S3-compatible server on loopback; `close` it for an outage and `run` a new one to end it. */
  async s3(port: number = PORTS.s3) {
    const directory = path.join(this.work, 's3');
    const start = async () => {
      const server = new S3rver({
        address: '127.0.0.1',
        port,
        silent: true,
        directory,
        configureBuckets: [{ name: 'klang' }],
      });
      await server.run();
      return server;
    };
    let server: S3rver | undefined = await start();
    this.onClose(() => server?.close());
    return {
      env: {
        S3_BUCKET: 'klang',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: `http://127.0.0.1:${String(port)}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      directory,
      async down() {
        await server?.close();
        server = undefined;
      },
      async up() {
        server = await start();
      },
    };
  }

  /**
   * A Klang server (`main.js`) or job worker (`worker.js`), compiled, with its log in the work
   * directory. A server is returned once readiness (`healthEndpoints.readiness`) answers 200.
   */
  async klang(
    name: string,
    options: {
      role?: 'server' | 'worker';
      /** Node options before the entry (a bench probe preloaded with --import, for example). */
      nodeArgs?: string[];
      port?: number;
      env: Record<string, string>;
      readyTimeoutMs?: number;
    },
  ): Promise<KlangProcess> {
    const role = options.role ?? 'server';
    const port = options.port ?? PORTS.a;
    const log = createWriteStream(path.join(this.work, `${name}.log`), { flags: 'a' });
    const child = spawn(
      process.execPath,
      [
        ...(options.nodeArgs ?? []),
        '--enable-source-maps',
        `server/dist/${role === 'server' ? 'main' : 'worker'}.js`,
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          SEED: 'false',
          DATA_DIR: path.join(this.work, `data-${name}`),
          SESSION_SECRET,
          MEDIA_SIGNING_SECRET: 'faults-media-secret-0123456789abcdef',
          PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
          // Scratch files in the battery's own directory: the orphan sweep never sees another's.
          TMPDIR: this.scratch,
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code, signal) => {
        resolve(code ?? (signal ? -1 : null));
      }),
    );
    const proc: KlangProcess = {
      name,
      child,
      base: `http://127.0.0.1:${String(port)}`,
      exited,
      async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        const code = await exited;
        clearTimeout(timer);
        this_.delete(proc);
        return code;
      },
    };
    const this_ = this.processes;
    this.processes.add(proc);
    if (role === 'server') {
      await waitFor(
        `${name} to be ready`,
        async () => {
          if (child.exitCode !== null)
            throw new Error(`${name} exited with ${String(child.exitCode)}; see ${this.work}/${name}.log`);
          const res = await fetch(proc.base + entryUrl(healthEndpoints.readiness));
          return res.status === 200 ? true : undefined;
        },
        options.readyTimeoutMs ?? 120_000,
      ).catch((error: unknown) => {
        if (child.exitCode !== null)
          throw new Error(`${name} exited with ${String(child.exitCode)}; see ${this.work}/${name}.log`);
        throw error;
      });
    }
    return proc;
  }

  async close() {
    for (const proc of [...this.processes]) await proc.stop('SIGKILL', 5000);
    for (const cleanup of this.cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('cleanup failed:', error);
      }
    }
    if (process.env.FAULTS_KEEP_WORK) console.log(`work directory kept: ${this.work}`);
    else rmSync(this.work, { recursive: true, force: true });
  }
}

/** Builds the compiled server the battery runs, as `npm start` would. */
export function buildServer() {
  execFileSync(process.execPath, ['scripts/build-server-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Listener sessions made directly in the database (the cookie is the token whose hash is
 * stored), with `grantsPerUser` served tracks each, so likes are accepted without a player
 * round trip. Returns one cookie per listener and the pairs each may like.
 */
export async function listenersWithGrants(db: Db, count: number, grantsPerUser: number) {
  const users = (
    await db.query<{ id: string }>(`select id from profiles where role = 'listener' order by id limit $1`, [
      count,
    ])
  ).map((r) => r.id);
  const tokens = users.map((_, i) => `faults-token-${String(i)}-${String(Date.now())}`);
  await db.query(
    `insert into sessions (token_hash, account_id, expires_at)
     select h, u, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as x(h, u)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), users],
  );
  const tracks = (
    await db.query<{ id: string }>(
      `select id from tracks where featured_in_player and not is_deleted order by id`,
    )
  ).map((r) => r.id);
  // trackId is the public id (the ledger's key); alias is what the listener's requests name.
  const pairs: { cookie: string; userId: string; trackId: string }[] = [];
  users.forEach((userId, u) => {
    for (let k = 0; k < grantsPerUser; k++) {
      const trackId = tracks[(u * grantsPerUser + k * 7919) % tracks.length] ?? '';
      if (!pairs.some((p) => p.userId === userId && p.trackId === trackId))
        pairs.push({ cookie: `klang_session=${tokens[u] ?? ''}`, userId, trackId });
    }
  });
  await db.query(
    `insert into playback_grants (user_id, track_id, expires_at)
     select u, t, now() + interval '1 day' from unnest($1::uuid[], $2::uuid[]) as x(u, t) on conflict do nothing`,
    [pairs.map((p) => p.userId), pairs.map((p) => p.trackId)],
  );
  // Since issue 18 a listener names a track before the like only by the alias the deck dealt
  // them (the deal's id), and a like needs a served deal: deal each pair, served a minute ago.
  const dealt = await db.query<{ id: string; user_id: string; track_id: string }>(
    `insert into deals (user_id, track_id, dealt_at, first_served_at)
     select u, t, now() - interval '2 minutes', now() - interval '1 minute'
     from unnest($1::uuid[], $2::uuid[]) as x(u, t)
     returning id, user_id, track_id`,
    [pairs.map((p) => p.userId), pairs.map((p) => p.trackId)],
  );
  const aliases = new Map(dealt.map((d) => [`${d.user_id}:${d.track_id}`, d.id]));
  return {
    cookies: tokens.map((t) => `klang_session=${t}`),
    userIds: users,
    pairs: pairs.map((p) => ({ ...p, alias: aliases.get(`${p.userId}:${p.trackId}`) ?? '' })),
    tracks,
  };
}

/** Each track's and listener's like counter beside the count of its like rows. */
export async function likeLedger(db: Db, trackIds: string[], userIds: string[]) {
  const tracks = await db.query<{ id: string; counter: number; rows: number }>(
    `select t.id, t.likes as counter,
       (select count(*) from track_interactions i where i.track_id = t.id and i.interaction_type = 'like') as rows
     from tracks t where t.id = any($1::uuid[])`,
    [trackIds],
  );
  const users = await db.query<{ id: string; counter: number; rows: number }>(
    `select a.id, coalesce(x.likes, 0) as counter,
       (select count(*) from track_interactions i where i.user_id = a.id and i.interaction_type = 'like') as rows
     from accounts a left join user_xp x on x.user_id = a.id where a.id = any($1::uuid[])`,
    [userIds],
  );
  return new Map([...tracks, ...users].map((r) => [r.id, r]));
}

/**
 * Whether every counter moved by exactly as many rows as were added since `before`: a like that
 * was half-applied (a row without its counter, or the reverse) shows as a difference.
 */
export function ledgerDrift(
  before: Map<string, { counter: number; rows: number }>,
  after: Map<string, { counter: number; rows: number }>,
): string[] {
  const drifted: string[] = [];
  for (const [id, now] of after) {
    const then = before.get(id) ?? { counter: 0, rows: 0 };
    if (now.counter - then.counter !== now.rows - then.rows)
      drifted.push(
        `${id}: counter ${String(then.counter)}→${String(now.counter)}, rows ${String(then.rows)}→${String(now.rows)}`,
      );
  }
  return drifted;
}

/** An artist signed up through the API; returns the session cookie. */
export async function signUpArtist(base: string, name: string): Promise<string> {
  const res = await fetch(`${base}${accountsEndpoints.signupArtist.path}`, {
    method: accountsEndpoints.signupArtist.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: name,
      email: `${name}@faults.test`,
      password: 'secret-pass-faults',
      artistName: name,
      bio: 'Fault battery',
    }),
  });
  if (res.status !== 201) throw new Error(`signup ${String(res.status)}: ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The signed-in account's id. */
export async function accountId(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}${accountsEndpoints.accountSession.path}`, {
    method: accountsEndpoints.accountSession.method,
    headers: { cookie },
  });
  const body = (await res.json()) as { session: { user: { id: string } } | null };
  if (!body.session) throw new Error(`no session (${String(res.status)})`);
  return body.session.user.id;
}

/**
 * Buys Pro on the local checkout as an artist would: starts the checkout, then posts the card form
 * of its page. The local provider queues Stripe's events for the webhook. Answers the session id.
 */
export async function buyProLocally(base: string, cookie: string): Promise<string> {
  const userId = await accountId(base, cookie);
  const started = await fetch(`${base}${paymentsEndpoints.createCheckout.path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      price_id: PRO_PLAN.priceId,
      success_url: `${base}/signup/artist?checkout=success`,
      cancel_url: `${base}/artist-subscription?checkout=cancelled`,
      mode: 'subscription',
      metadata: { product_id: PRO_PLAN.productId, user_id: userId },
    }),
  });
  if (started.status !== 200) throw new Error(`checkout ${String(started.status)}: ${await started.text()}`);
  const { url, sessionId } = (await started.json()) as { url: string; sessionId: string };
  const paid = await fetch(`${base}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`pay ${String(paid.status)}: ${await paid.text()}`);
  return sessionId;
}

/** A WAV of `mib` MiB of pseudo-random stereo audio (nothing for an encoder to skip). */
export function wav(mib: number, seed = 1): Buffer {
  const size = Math.round(mib * 1024 * 1024);
  const bytes = Buffer.alloc(size);
  wavHeader(size - 44).copy(bytes);
  for (let i = 44; i + 4 <= size; i += 4)
    bytes.writeUInt32LE((Math.imul(i + seed, 2654435761) >>> 0) & 0x3fff3fff, i);
  return bytes;
}

/** Uploads a track; resolves with the status and the track id when accepted. */
export async function upload(
  base: string,
  cookie: string,
  body: Buffer | ReadableStream<Uint8Array>,
  title = 'Fault',
): Promise<{ status: number; trackId?: string; message?: string }> {
  const query = new URLSearchParams({ title, genre: 'Drum n Bass' });
  const res = await fetch(`${base}${fillPath(tracksEndpoints.uploadTrack.path, {})}?${query.toString()}`, {
    method: tracksEndpoints.uploadTrack.method,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    body,
    ...(body instanceof ReadableStream && { duplex: 'half' }),
  });
  const json = (await res.json().catch(() => ({}))) as {
    track?: { id: string };
    error?: { message?: string };
  };
  return {
    status: res.status,
    ...(json.track && { trackId: json.track.id }),
    ...(json.error?.message && { message: json.error.message }),
  };
}

/** The tracks' processing states and the job rows behind them. */
export async function trackStates(db: Db, trackIds: string[]) {
  return db.query<{
    id: string;
    status: string;
    rendition_key: string | null;
    failure_reason: string | null;
  }>(`select id, status, rendition_key, failure_reason from tracks where id = any($1::uuid[])`, [trackIds]);
}

export async function processJobs(db: Db) {
  return db.query<{
    id: string;
    status: string;
    attempts: number;
    locked_by: string | null;
    track_id: string;
  }>(
    `select id, status, attempts, locked_by, payload->>'trackId' as track_id from jobs where kind = 'tracks.process'`,
  );
}
