// The type-aware half of `klang/sql-in-repositories` needs the repository's own lint (its
// TypeScript project), so it is proven on a file planted in an area, linted with eslint.config.js.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_THIS_MESSAGE } from '../eslint.config.js';
import { SQL_LAYER_MESSAGE } from './eslint-sql-layer.js';

const root = path.resolve(import.meta.dirname, '..');
const planted = path.join(root, 'server/src/modules/forum/planted-by-a-lint-test.ts');
const plantedService = path.join(root, 'server/src/modules/forum/planted-by-a-lint-test.service.ts');

afterAll(async () => {
  await rm(planted, { force: true });
  await rm(plantedService, { force: true });
});

describe('a file planted in an area', () => {
  it(
    'is refused SQL on a database handle whatever its name, and not a pattern’s exec',
    { timeout: 120_000 },
    async () => {
      await writeFile(
        planted,
        [
          "import type { Db } from '../../db/client';",
          '',
          'export async function planted(store: Db, maybe?: Db): Promise<void> {',
          "  await store.query('select 1');",
          "  await maybe?.exec('select 1');",
          "  /x/.exec('x');",
          '}',
          '',
        ].join('\n'),
      );
      const [result] = await new ESLint({ cwd: root }).lintFiles([planted]);
      const refused = (result?.messages ?? []).filter((m) => m.ruleId === 'klang/sql-in-repositories');
      expect(refused.map((m) => [m.line, m.message])).toEqual([
        [4, SQL_LAYER_MESSAGE],
        [5, SQL_LAYER_MESSAGE],
      ]);
    },
  );

  it('is refused a service that calls itself through `this`', { timeout: 120_000 }, async () => {
    await writeFile(
      plantedService,
      [
        'export function createPlantedService() {',
        '  return {',
        '    one(): number {',
        '      return 1;',
        '    },',
        '    two(): number {',
        '      return this.one() + 1;',
        '    },',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
    const [result] = await new ESLint({ cwd: root }).lintFiles([plantedService]);
    const refused = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
    expect(refused.map((m) => [m.line, m.message])).toEqual([[7, SERVICE_THIS_MESSAGE]]);
  });
});
