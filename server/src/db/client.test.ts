import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';

describe('database client', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('gives int8 as a number on either driver', async () => {
    const [row] = await db.query<{ big: unknown; n: unknown }>(
      'select 5000000000::bigint as big, count(*) as n from (values (1), (2)) v',
    );
    expect(row).toEqual({ big: 5_000_000_000, n: 2 });
  });

  it('commits a transaction whole and rolls back a failed one whole', async () => {
    await db.exec('create table t (x int primary key)');
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await tx.query('insert into t values (2)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (3)');
        await tx.query('insert into t values (1)');
      }),
    ).rejects.toThrow();
    expect(await db.query('select x from t order by x')).toEqual([{ x: 1 }, { x: 2 }]);
  });

  it('runs a prepared statement again with other values, inside and outside a transaction', async () => {
    const sql = 'select $1::int * 2 as doubled';
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      expect(await db.query(sql, [n], { prepare: true })).toEqual([{ doubled: n * 2 }]);
    }
    await db.transaction(async (tx) => {
      expect(await tx.query(sql, [21], { prepare: true })).toEqual([{ doubled: 42 }]);
    });
  });
});
