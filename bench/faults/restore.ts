// Item 8, the restore drill: Klang on PostgreSQL and S3 with the demo content, backed up the way
// docs/operations.md tells an operator (pg_dump in custom format, the bucket copied object by
// object through the S3 API), destroyed (cluster and bucket gone), restored into a new cluster
// and an empty bucket, and started again: every ready track must play, byte for byte.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Battery } from './harness';
import { playerEndpoints, healthEndpoints, entryUrl } from '@klang/domain';
import { check, listenersWithGrants, waitFor } from './harness';

function s3Client(env: Record<string, string>) {
  return new S3Client({
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT ?? '',
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
  });
}

/** Copies every object of the bucket into `dir` (an operator would use `aws s3 sync`). */
async function backUpBucket(client: S3Client, bucket: string, dir: string): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }));
      const file = path.join(dir, object.Key);
      mkdirSync(path.dirname(file), { recursive: true });
      if (!got.Body) throw new Error(`no body for ${object.Key}`);
      writeFileSync(file, await got.Body.transformToByteArray());
      writeFileSync(`${file}.content-type`, got.ContentType ?? 'application/octet-stream');
      count += 1;
    }
    token = page.NextContinuationToken;
  } while (token);
  return count;
}

async function restoreBucket(client: S3Client, bucket: string, dir: string, keys: string[]) {
  for (const key of keys) {
    const file = path.join(dir, key);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: readFileSync(file),
        ContentType: readFileSync(`${file}.content-type`, 'utf8'),
      }),
    );
  }
}

export async function restoreDrill(battery: Battery) {
  const original = await battery.postgres();
  const s3 = await battery.s3();
  const env = { ...s3.env, RATE_LIMITS: 'off' };
  const first = await battery.klang('seeded', {
    env: { ...env, DATABASE_URL: original.url, SEED: 'true' },
    readyTimeoutMs: 600_000,
  });
  await first.stop();

  const db = await battery.database(original.url);
  const tracksBefore = await db.query<{ id: string; sha256: string | null; byte_size: number | string }>(
    `select t.id, m.sha256, m.byte_size from tracks t join media_objects m on m.id = t.audio_media_id
     where t.status = 'ready' and not t.is_deleted order by t.id`,
  );
  const keys = (
    await db.query<{ key: string }>(`select bucket || '/' || storage_key as key from media_objects`)
  ).map((r) => r.key);
  await db.close();

  // Back up.
  const backup = path.join(battery.work, 'backup');
  mkdirSync(path.join(backup, 'objects'), { recursive: true });
  const dumpFile = path.join(backup, 'klang.dump');
  const backupStarted = performance.now();
  execFileSync(path.join(original.bin, 'pg_dump'), ['--format=custom', '--file', dumpFile, original.url]);
  const client = s3Client(s3.env);
  const objectsBackedUp = await backUpBucket(client, 'klang', path.join(backup, 'objects'));
  const backupMs = Math.round(performance.now() - backupStarted);

  // Destroy: the database cluster and every stored object.
  original.stop();
  await s3.down();
  execFileSync('rm', ['-rf', s3.directory]);

  // Restore into a new cluster and an empty bucket.
  const restored = await battery.postgres();
  await s3.up();
  const restoreStarted = performance.now();
  execFileSync(path.join(restored.bin, 'pg_restore'), ['--no-owner', '--dbname', restored.url, dumpFile]);
  const missing = keys.filter((key) => !existsSync(path.join(backup, 'objects', key)));
  await restoreBucket(
    client,
    'klang',
    path.join(backup, 'objects'),
    keys.filter((key) => !missing.includes(key)),
  );
  const restoreMs = Math.round(performance.now() - restoreStarted);
  client.destroy();

  // Every track plays: a signed URL from the API, fetched, byte for byte what was stored. A
  // listener is granted a track by its public id only once they liked it (decision 0130), so the
  // listener likes every track first, in the restored database.
  const server = await battery.klang('restored', { env: { ...env, DATABASE_URL: restored.url } });
  const db2 = await battery.database(restored.url);
  const { cookies, userIds } = await listenersWithGrants(db2, 1, 0);
  const cookie = cookies[0] ?? '';
  // A skip the seed gave this listener turns into the like (one row per listener and track).
  await db2.query(
    `update track_interactions set interaction_type = 'like'
     where user_id = $1 and track_id = any($2::uuid[]) and interaction_type = 'dislike'`,
    [userIds[0], tracksBefore.map((track) => track.id)],
  );
  await db2.query(
    `insert into track_interactions (user_id, track_id, interaction_type)
     select $1, id, 'like' from unnest($2::uuid[]) as t(id)
     where not exists (select 1 from track_interactions i where i.user_id = $1 and i.track_id = t.id)`,
    [userIds[0], tracksBefore.map((track) => track.id)],
  );
  const failures: string[] = [];
  for (const track of tracksBefore) {
    const access = await fetch(server.base + entryUrl(playerEndpoints.secureTrackAccess), {
      method: playerEndpoints.secureTrackAccess.method,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ trackId: track.id }),
    });
    const body = (await access.json()) as { signedUrl?: string };
    if (!body.signedUrl) {
      failures.push(`${track.id}: ${String(access.status)} ${JSON.stringify(body)}`);
      continue;
    }
    const audio = await fetch(new URL(body.signedUrl, server.base));
    // Each grant pads the file after its last byte to a length of its own (decision 0131): the
    // stored file is the first byte_size bytes.
    const bytes = Buffer.from(await audio.arrayBuffer());
    const size = Number(track.byte_size);
    const stored = bytes.subarray(0, size);
    const sha = createHash('sha256').update(stored).digest('hex');
    if (audio.status !== 200 || bytes.length < size || (track.sha256 && sha !== track.sha256))
      failures.push(`${track.id}: ${String(audio.status)}, ${String(bytes.length)} bytes`);
  }
  const ready = await waitFor(
    'readiness',
    async () =>
      (await fetch(server.base + entryUrl(healthEndpoints.readiness))).status === 200 ? true : undefined,
    10_000,
  );
  await server.stop();

  const checks = [
    check('every object the database names is in the backup', missing.length === 0, {
      objects: objectsBackedUp,
      named: keys.length,
      missing: missing.length,
    }),
    check(
      'every ready track plays after the restore, byte for byte',
      tracksBefore.length > 0 && failures.length === 0,
      {
        tracks: tracksBefore.length,
        failures: failures.slice(0, 5),
      },
    ),
    check('the restored instance is ready', ready, ready),
  ];
  return { tracks: tracksBefore.length, objects: objectsBackedUp, backupMs, restoreMs, checks };
}
