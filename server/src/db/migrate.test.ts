import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealTrack, insertAccount, insertTrack } from '../test/catalogue-fixtures';
import { createTestDatabase } from '../test/database';
import { one } from './client';
import { migrate, splitStatements } from './migrate';

describe('splitStatements', () => {
  it('keeps dollar-quoted bodies whole and drops comments', () => {
    const sql = `-- a comment\ncreate table a (x int);\ncreate function f() returns int as $$\nbegin\n  return 1;\nend;\n$$ language plpgsql;\n`;
    expect(splitStatements(sql)).toEqual([
      'create table a (x int);',
      'create function f() returns int as $$\nbegin\n  return 1;\nend;\n$$ language plpgsql;',
    ]);
  });
});

describe('migrations', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('are recorded and not applied twice', async () => {
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)[0]).toBe('0001-accounts.sql');
  });

  it('rename the catalogue jobs of a running installation to <area>.<verb>, dedupe keys too', async () => {
    await db.query(
      `insert into jobs (kind, payload, status, dedupe_key) values
         ('chart-verdict', '{}', 'queued', 'chart-verdict:2026-11-27T10:00:00.000Z'),
         ('chart-snapshot', '{}', 'succeeded', 'chart-snapshot:2026-11-26'),
         ('chart-verdict', '{}', 'queued', null)`,
    );
    await db.query(`delete from schema_migrations where name = '0300-job-kind-names.sql'`);
    expect(await migrate(db)).toEqual(['0300-job-kind-names.sql']);
    const rows = await db.query<{ kind: string; dedupe_key: string | null }>(
      `select kind, dedupe_key from jobs where kind like 'catalogue.%' order by kind, dedupe_key`,
    );
    expect(rows).toEqual([
      {
        kind: 'catalogue.refresh-verdicts',
        dedupe_key: 'catalogue.refresh-verdicts:2026-11-27T10:00:00.000Z',
      },
      { kind: 'catalogue.refresh-verdicts', dedupe_key: null },
      { kind: 'catalogue.write-snapshot', dedupe_key: 'catalogue.write-snapshot:2026-11-26' },
    ]);
    expect(await db.query(`select 1 from jobs where kind in ('chart-verdict', 'chart-snapshot')`)).toEqual(
      [],
    );
  });

  it('hold the tables of all three spec documents', async () => {
    const rows = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      'accounts',
      'sessions',
      'profiles',
      'artist_profiles',
      'listener_profiles',
      'admins',
      'user_xp',
      'tracks',
      'track_interactions',
      'chart_positions',
      'follows',
      'subscribers',
      'contact_submissions',
      'bug_reports',
      'demo_tracks',
      'payment_subscriptions',
      'klang_packs',
      'klang_pack_results',
      'forum_categories',
      'forum_posts',
      'forum_post_votes',
      'forum_replies',
      'media_objects',
      'jobs',
      'email_outbox',
    ]) {
      expect(tables, table).toContain(table);
    }
  });
});

describe('0312, deals by month', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.exec('drop schema public cascade; create schema public;');
    await migrate(db, { before: '0312' });
  });
  afterAll(async () => {
    await db.drop();
  });

  const partitionOf = async (id: string) =>
    (
      await one<{ part: string }>(db, 'select tableoid::regclass::text as part from deals where id = $1', [
        id,
      ])
    ).part;
  const exposure = async (trackId: string) =>
    (
      await one<{ deal_count: number }>(db, 'select deal_count from deck_exposure where track_id = $1', [
        trackId,
      ])
    ).deal_count;

  it('keeps every deal, grant and note of a running installation, each in its month, counted once', async () => {
    const artist = await insertAccount(db, 'artist');
    const listener = await insertAccount(db, 'listener');
    const track = await insertTrack(db, artist);
    const [old, recent] = await db.query<{ id: string; dealt_at: Date }>(
      `insert into deals (user_id, track_id, dealt_at, ended_as, ended_at, origin) values
         ($1, $2, '2025-03-10T12:00:00Z', 'like', '2025-03-10T12:01:00Z', 'discover'),
         ($1, $2, now(), null, null, 'charts')
       returning id, dealt_at`,
      [listener, track],
    );
    if (!old || !recent) throw new Error('two deals');
    await db.query(
      `insert into stream_grants (id, user_id, track_id, deal_id, issued_at, expires_at, duration_ms)
       values (gen_random_uuid(), $1, $2, $3, now(), now() + interval '1 hour', 60000)`,
      [listener, track, recent.id],
    );
    await db.query(
      `insert into deal_notes (deal_id, kind, position_ms, created_at) values ($1, 'moment', 1000, now())`,
      [old.id],
    );
    const before = await exposure(track);

    // 0312 first, then whatever came after it.
    expect((await migrate(db))[0]).toBe('0312-deals-by-month.sql');

    expect(await partitionOf(old.id)).toBe('deals_y2025m03');
    const month = new Date().toISOString().slice(0, 7).replace('-', 'm');
    expect(await partitionOf(recent.id)).toBe(`deals_y${month}`);
    expect(await exposure(track)).toBe(before);
    expect(
      await db.query(`select d.ended_as, d.origin from deals d where d.user_id = $1 order by d.dealt_at`, [
        listener,
      ]),
    ).toEqual([
      { ended_as: 'like', origin: 'discover' },
      { ended_as: null, origin: 'charts' },
    ]);
    const grant = await one<{ deal_dealt_at: Date }>(db, 'select deal_dealt_at from stream_grants');
    expect(grant.deal_dealt_at.getTime()).toBe(new Date(recent.dealt_at).getTime());
    const note = await one<{ deal_dealt_at: Date; track_id: string }>(
      db,
      'select deal_dealt_at, track_id from deal_notes',
    );
    expect(note.deal_dealt_at.toISOString()).toBe('2025-03-10T12:00:00.000Z');
    // Migration 0319 names the note's track, its deal's.
    expect(note.track_id).toBe(track);

    // The triggers are back: a new deck deal counts once.
    const next = await dealTrack(db, listener, track);
    expect(await partitionOf(next)).toBe(`deals_y${month}`);
    expect(await exposure(track)).toBe(before + 1);

    // A grant's or a note's deal is named whole, and goes with its deal.
    await expect(
      db.query(
        `insert into stream_grants (id, user_id, track_id, deal_id, issued_at, expires_at, duration_ms)
         values (gen_random_uuid(), $1, $2, $3, now(), now(), 0)`,
        [listener, track, next],
      ),
    ).rejects.toThrow(/stream_grants_deal_pair_check/);
    await db.query('delete from accounts where id = $1', [listener]);
    expect(
      await db.query(
        'select 1 from deals union all select 1 from stream_grants union all select 1 from deal_notes',
      ),
    ).toEqual([]);
  });

  it('makes the months ahead once, and leaves a month the default partition holds rows of', async () => {
    const artist = await insertAccount(db, 'artist');
    const listener = await insertAccount(db, 'listener');
    const track = await insertTrack(db, artist);
    const made = async (from: string, until: string) =>
      (await one<{ made: number }>(db, 'select deals_prepare_months($1, $2) as made', [from, until])).made;
    // A deal of a month without a partition lands in the default one.
    const stray = await one<{ id: string }>(
      db,
      `insert into deals (user_id, track_id, dealt_at) values ($1, $2, '2031-05-20T00:00:00Z') returning id`,
      [listener, track],
    );
    expect(await partitionOf(stray.id)).toBe('deals_default');
    expect(await made('2031-04-01T00:00:00Z', '2031-06-30T00:00:00Z')).toBe(2);
    expect(await made('2031-04-01T00:00:00Z', '2031-06-30T00:00:00Z')).toBe(0);
    const parts = await db.query<{ part: string }>(
      `select c.relname as part from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'deals'::regclass and c.relname like 'deals_y2031%' order by 1`,
    );
    expect(parts.map((p) => p.part)).toEqual(['deals_y2031m04', 'deals_y2031m06']);
    expect(await partitionOf(stray.id)).toBe('deals_default');
    const june = await one<{ id: string }>(
      db,
      `insert into deals (user_id, track_id, dealt_at) values ($1, $2, '2031-06-01T00:00:00Z') returning id`,
      [listener, track],
    );
    expect(await partitionOf(june.id)).toBe('deals_y2031m06');
  });
});
