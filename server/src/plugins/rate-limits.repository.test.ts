import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { createRateLimitsRepository } from './rate-limits.repository';

describe('rate-limit counters', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('counts hits in a window, starts again when it has passed, and keys apart', async () => {
    const counters = createRateLimitsRepository(db);
    expect((await counters.hit('a', 60_000)).hits).toBe(1);
    const second = await counters.hit('a', 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counters.hit('b', 60_000)).hits).toBe(1);
    await db.query(`update rate_limits set reset_at = now() - interval '1 second' where key = 'a'`);
    expect((await counters.hit('a', 60_000)).hits).toBe(1);
  });

  it('takes back one hit of an open window, never below zero and never of a closed one', async () => {
    const counters = createRateLimitsRepository(db);
    await counters.hit('c', 60_000);
    await counters.hit('c', 60_000);
    await counters.refund('c');
    expect((await counters.hit('c', 60_000)).hits).toBe(2);
    await counters.refund('c');
    await counters.refund('c');
    await counters.refund('c');
    const hits = async () =>
      (await db.query<{ hits: number }>(`select hits from rate_limits where key = 'c'`))[0]?.hits;
    expect(await hits()).toBe(0);
    await counters.hit('c', 60_000);
    await db.query(`update rate_limits set reset_at = now() - interval '1 second' where key = 'c'`);
    await counters.refund('c');
    expect(await hits()).toBe(1);
  });
});
