// Item 4: the S3 endpoint unreachable, and a local data disk that fills up. Uploads must fail
// cleanly with a message the artist understands, nothing already stored may be damaged, and
// service must resume when the storage returns. The full disk is a real small file system (a
// 64 MiB tmpfs); where it cannot be mounted (not root, no tmpfs), that half is skipped and says so.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accountsEndpoints, playerEndpoints, TRACK_MESSAGES, tracksEndpoints, entryUrl } from '@klang/domain';
import { migrate } from '../../server/src/db/migrate';
import type { Battery } from './harness';
import {
  check,
  signUpArtist,
  trackStates,
  upload,
  waitFor,
  wav,
  type Check,
  type KlangProcess,
} from './harness';

type Db = Awaited<ReturnType<Battery['database']>>;

/**
 * The artist features the track and the deck deals it to the listener: since decision 0130 a
 * listener names a track before the like only by the alias of their deal, and only a dealt,
 * featured track is granted. Returns the alias.
 */
async function dealToListener(server: KlangProcess, artist: string, listener: string, trackId: string) {
  const featured = await fetch(
    server.base + entryUrl(tracksEndpoints.setTrackFeatured, { params: { trackId } }),
    {
      method: tracksEndpoints.setTrackFeatured.method,
      headers: { cookie: artist, 'content-type': 'application/json' },
      body: JSON.stringify({ featured: true }),
    },
  );
  if (featured.status !== 200)
    throw new Error(`feature ${String(featured.status)}: ${await featured.text()}`);
  const next = await fetch(server.base + entryUrl(playerEndpoints.nextTrack), {
    headers: { cookie: listener },
  });
  const dealt = (await next.json()) as { state: string; track?: { id: string } };
  if (!dealt.track) throw new Error(`nothing dealt: ${JSON.stringify(dealt)}`);
  return dealt.track.id;
}

/** Plays a dealt track through the API and returns the sha256 of the audio the signed URL served. */
async function play(server: KlangProcess, cookie: string, alias: string): Promise<string> {
  const access = await fetch(server.base + entryUrl(playerEndpoints.secureTrackAccess), {
    method: playerEndpoints.secureTrackAccess.method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ trackId: alias }),
  });
  const { signedUrl } = (await access.json()) as { signedUrl?: string };
  if (!signedUrl) return `no url (${String(access.status)})`;
  // Local storage signs a path on this server; S3 an absolute URL.
  const audio = await fetch(new URL(signedUrl, server.base), { signal: AbortSignal.timeout(10_000) });
  if (audio.status !== 200) return `status ${String(audio.status)}`;
  // Each grant pads the file with zeros after its last frame, so lengths differ per grant
  // (decision 0131): the audio is what comes before the padding.
  const bytes = Buffer.from(await audio.arrayBuffer());
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  return createHash('sha256').update(bytes.subarray(0, end)).digest('hex');
}

async function readyTrack(server: KlangProcess, db: Db, cookie: string, mib: number, title: string) {
  const accepted = await upload(server.base, cookie, wav(mib, mib * 7), title);
  if (!accepted.trackId) throw new Error(`upload refused: ${JSON.stringify(accepted)}`);
  const id = accepted.trackId;
  await waitFor(
    `${title} to be ready`,
    async () => ((await trackStates(db, [id]))[0]?.status === 'ready' ? true : undefined),
    120_000,
  );
  return id;
}

async function setUp(battery: Battery, env: Record<string, string>) {
  const cluster = await battery.postgres();
  const db = await battery.database(cluster.url);
  await migrate(db);
  const server = await battery.klang('server', {
    env: { DATABASE_URL: cluster.url, RATE_LIMITS: 'off', ...env },
  });
  const artist = await signUpArtist(server.base, `storage${String(Date.now())}`);
  return { db, server, artist };
}

async function s3Outage(battery: Battery): Promise<Check[]> {
  const s3 = await battery.s3();
  const { db, server, artist } = await setUp(battery, s3.env);
  const stored = await readyTrack(server, db, artist, 5, 'Stored before');
  const listener = await signUpListener(server);
  const dealt = await dealToListener(server, artist, listener, stored);
  const before = await play(server, listener, dealt);

  await s3.down();
  const started = performance.now();
  const refused = await upload(server.base, artist, wav(5, 99), 'During the outage');
  const refusedMs = Math.round(performance.now() - started);
  const rowsDuring = await db.query(`select 1 from tracks where title = 'During the outage'`);
  await s3.up();
  const after = await play(server, listener, dealt);
  const resumed = await upload(server.base, artist, wav(5, 98), 'After the outage');
  await server.stop();

  return [
    check(
      'S3 down: the upload is refused with the storage message',
      refused.status === 503 && refused.message === TRACK_MESSAGES.uploadStorageUnavailable,
      { ...refused, refusedMs },
    ),
    check('S3 down: no track row is left', rowsDuring.length === 0, { rows: rowsDuring.length }),
    check(
      'S3 back: the stored track plays byte for byte as before',
      before.length === 64 && after === before,
      { before: before.slice(0, 12), after: after.slice(0, 12) },
    ),
    check('S3 back: uploads are accepted again', resumed.status === 201, resumed),
  ];
}

async function signUpListener(server: KlangProcess): Promise<string> {
  const name = `listener${String(Date.now())}`;
  const res = await fetch(`${server.base}${accountsEndpoints.signupListener.path}`, {
    method: accountsEndpoints.signupListener.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@faults.test`, password: 'secret-pass-faults' }),
  });
  if (res.status !== 201) throw new Error(`listener signup ${String(res.status)}: ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function fullDisk(battery: Battery): Promise<Check[] | { skipped: string }> {
  const disk = path.join(battery.work, 'small-disk');
  mkdirSync(disk, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'klang-faults', disk], { stdio: 'pipe' });
  } catch (error) {
    return {
      skipped: `could not mount a 64 MiB tmpfs (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    };
  }
  battery.onClose(() => {
    execFileSync('umount', [disk]);
  });
  const { db, server, artist } = await setUp(battery, { DATA_DIR: path.join(disk, 'data') });
  const stored = await readyTrack(server, db, artist, 5, 'Stored before');
  const listener = await signUpListener(server);
  const dealt = await dealToListener(server, artist, listener, stored);
  const before = await play(server, listener, dealt);

  // Fill the disk, leaving less than the next upload needs.
  const filler = path.join(disk, 'filler');
  const { bavail, bsize } = statfsSync(disk);
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 2 * 1024 * 1024)));
  const refused = await upload(server.base, artist, wav(8, 97), 'On a full disk');
  const leftovers = readdirSync(path.join(disk, 'data', 'media', 'tracks'), { recursive: true }).filter((f) =>
    String(f).endsWith('.part'),
  );
  const rows = await db.query(`select 1 from tracks where title = 'On a full disk'`);
  const during = await play(server, listener, dealt);
  rmSync(filler);
  const resumed = await upload(server.base, artist, wav(8, 96), 'After space returned');
  await server.stop();

  return [
    check(
      'full disk: the upload is refused with the storage message',
      refused.status === 503 && refused.message === TRACK_MESSAGES.uploadStorageUnavailable,
      refused,
    ),
    check(
      'full disk: no half-written file and no track row is left',
      leftovers.length === 0 && rows.length === 0,
      { partFiles: leftovers.length, rows: rows.length },
    ),
    check(
      'full disk: the stored track still plays byte for byte',
      during === before && before.length === 64,
      { before: before.slice(0, 12), during: during.slice(0, 12) },
    ),
    check('space back: uploads are accepted again', resumed.status === 201, resumed),
  ];
}

export async function storageFaults(battery: Battery) {
  const s3Checks = await s3Outage(battery);
  const disk = await fullDisk(battery);
  const checks = [...s3Checks, ...(Array.isArray(disk) ? disk : [])];
  return { ...(!Array.isArray(disk) && { fullDisk: disk }), checks };
}
