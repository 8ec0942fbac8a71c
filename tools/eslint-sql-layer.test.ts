import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import sqlLayer from './eslint-sql-layer.js';

RuleTester.describe = describe;
RuleTester.it = it;

const rule = sqlLayer.rules['sql-in-repositories'];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const refused = [{ message: /SQL lives in the area's \*\.repository\.ts/ }];

tester.run('sql-in-repositories', rule, {
  valid: [
    // A pattern's exec is no statement.
    { code: 'const m = /^(\\d+)$/.exec(text);' },
    { code: 'const m = SINGLE_RANGE.exec(header);' },
    { code: 'const m = match.exec(text);' },
    // Handing the handle to a repository is the point.
    { code: 'const repo = createPlayerRepository(tx); await repo.lockListening(id);' },
    { code: 'await db.transaction((tx) => repository.insert(tx, row));' },
    // A `one` that is not the database helper.
    { code: "import { one } from './numbers'; one(2);" },
    // Other objects' query methods (a URL's, a search index's).
    { code: 'const q = url.searchParams.get("q"); await index.query(q);' },
  ],
  invalid: [
    { code: "await db.query('select 1');", errors: refused },
    { code: "await tx.query('delete from jobs');", errors: refused },
    { code: "await q.query('select 1');", errors: refused },
    { code: "await db.exec('drop table t');", errors: refused },
    { code: "await deps.db.query('select 1');", errors: refused },
    { code: "await options.db.exec('select 1');", errors: refused },
    { code: "await pool.query('select 1');", errors: refused },
    {
      code: "import { one } from '../../db/client'; await one(db, 'select 1');",
      errors: refused,
    },
    {
      code: "import { maybeOne as row } from '../db/client'; await row(tx, 'select 1');",
      errors: refused,
    },
  ],
});

// Casts and assertions do not hide the handle.
new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
  'sql-in-repositories (TypeScript)',
  rule,
  {
    valid: [{ code: 'const m = (PATTERN as RegExp).exec(text);' }],
    invalid: [
      { code: "await (db as Db).query('select 1');", errors: refused },
      { code: "await tx!.query('select 1');", errors: refused },
      { code: "await (deps.db satisfies Queryable).exec('select 1');", errors: refused },
    ],
  },
);
