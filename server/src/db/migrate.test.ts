import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
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
