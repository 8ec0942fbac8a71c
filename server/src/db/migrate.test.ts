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
