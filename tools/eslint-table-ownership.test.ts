import { readdirSync } from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import tableOwnership from './eslint-table-ownership.js';
import { migrationTables, tablesOf } from './sql-tables.js';
import { TABLE_OWNERS, areaOfFile } from './table-owners.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const rule = tableOwnership.rules['table-ownership'];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const inArea = (area: string) => path.join(root, 'server', 'src', 'modules', area, `${area}.repository.ts`);

tester.run('table-ownership', rule, {
  valid: [
    // An area's own tables, any statement.
    { code: "q('delete from deals where user_id = $1')", filename: inArea('player') },
    { code: 'q(`insert into forum_posts (title) values ($1)`)', filename: inArea('forum') },
    // A granted column, alone or with others granted.
    {
      code: 'q(`update tracks t set likes = likes + 1, play_count = play_count + 1 where t.id = $1`)',
      filename: inArea('player'),
    },
    // A listed reader.
    {
      code: 'q(`select t.id from tracks t join deals d on d.track_id = t.id`)',
      filename: inArea('catalogue'),
    },
    // Prose and names that are no table: a CTE, an alias, a message.
    { code: "const m = 'Select a track from the list';", filename: inArea('forum') },
    { code: 'q(`with changes as (select 1) select * from changes`)', filename: inArea('forum') },
    // A subquery's text interpolated inside parentheses names its tables where it is written.
    { code: 'q(`select r from (${heardSql}) h, unnest(h.heard) r`)', filename: inArea('player') },
    // Code that is no area's (the database layer) is not held.
    {
      code: "q('delete from tracks')",
      filename: path.join(root, 'server', 'src', 'db', 'seed', 'seed.ts'),
    },
  ],
  invalid: [
    {
      // A table's name built by interpolation would escape every check above.
      code: 'const t = "deals"; q(`delete from ${t} where user_id = $1`)',
      filename: inArea('forum'),
      errors: [{ message: /^write the table's name out/ }],
    },
    {
      code: 'q(`select 1 from deals d join ${other} o on o.id = d.id`)',
      filename: inArea('player'),
      errors: [{ message: /^write the table's name out/ }],
    },
    {
      code: "q('select 1 from deals where user_id = $1')",
      filename: inArea('forum'),
      errors: [{ message: /^forum reads deals, which player owns/ }],
    },
    {
      code: 'q(`update tracks set title = $2 where id = $1`)',
      filename: inArea('player'),
      errors: [{ message: /^player writes tracks \(title\), which tracks owns/ }],
    },
    {
      code: "q('delete from track_interactions where user_id = $1')",
      filename: inArea('accounts'),
      errors: [{ message: /^accounts writes track_interactions \(rows\), which player owns/ }],
    },
    {
      // A template's interpolation hides nothing around it.
      code: 'q(`insert into user_xp (user_id) values (${id})`)',
      filename: inArea('forum'),
      errors: [{ message: /^forum writes user_xp \(rows\), which loyalty owns/ }],
    },
  ],
});

describe('reading SQL for tables', () => {
  const tables = new Set(['tracks', 'deals', 'follows', 'artist_profiles']);

  it('tells the columns an update sets, up to its from, where or returning', () => {
    const { writes, reads } = tablesOf(
      `update tracks t set likes = greatest(0, t.likes - c.likes), dislikes = coalesce(x, 1)
       from (select track_id from deals) c where t.id = c.track_id returning t.id`,
      tables,
    );
    expect([...(writes.get('tracks') ?? [])]).toEqual(['likes', 'dislikes']);
    expect([...reads]).toEqual(['deals']);
  });

  it('counts a delete as a write only, and what its where reads as reads', () => {
    const { writes, reads } = tablesOf(
      'delete from follows where artist_id in (select id from artist_profiles)',
      tables,
    );
    expect([...writes.keys()]).toEqual(['follows']);
    expect([...reads]).toEqual(['artist_profiles']);
  });

  it('ignores what a comment says', () => {
    expect(tablesOf('select 1 -- from deals\n', tables).reads.size).toBe(0);
  });
});

describe('the ownership map', () => {
  const areas = new Set([
    ...readdirSync(path.join(root, 'server', 'src', 'modules')),
    'sessions',
    'rate-limits',
    'jobs',
  ]);

  it('gives every table of the migrations an owner, and names no table that is not one', () => {
    const tables = migrationTables();
    expect([...tables].filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.has(table))).toEqual([]);
  });

  it('names only real areas, and a reason for every grant', () => {
    for (const [table, ownership] of Object.entries(TABLE_OWNERS)) {
      const named = [
        ownership.owner,
        ...Object.keys(ownership.readers ?? {}),
        ...Object.keys(ownership.writers ?? {}),
      ];
      for (const area of named) expect(areas.has(area), `${table}: ${area}`).toBe(true);
      for (const why of [
        ...Object.values(ownership.readers ?? {}),
        ...Object.values(ownership.writers ?? {}).map((grant) => grant.why),
      ]) {
        expect(why.length, table).toBeGreaterThan(10);
      }
    }
  });

  it('places each server file in its area', () => {
    expect(areaOfFile('server/src/modules/klang-packs/klang-packs.repository.ts')).toBe('klang-packs');
    expect(areaOfFile('server/src/providers/payments/local-payments.repository.ts')).toBe('payments');
    expect(areaOfFile('server/src/plugins/sessions.repository.ts')).toBe('sessions');
    expect(areaOfFile('server/src/jobs/runner.ts')).toBe('jobs');
    expect(areaOfFile('server/src/db/seed/seed.ts')).toBeUndefined();
  });
});
