import type { Db } from '../../db/client';

/**
 * What the health checks ask the database: which one it is, whether it answers at all, and whether
 * the deck's months are made ahead (decision 0312).
 */
export function createHealthRepository(db: Db) {
  return {
    kind: db.kind,
    /** Resolves when the database answers a trivial statement; rejects when it cannot. */
    async ping(): Promise<void> {
      await db.query('select 1');
    },
    /** This month's and next month's partitions of `deals` exist (the player's job makes them). */
    async dealMonthsReady(): Promise<boolean> {
      const [row] = await db.query<{ ready: boolean }>('select deals_months_ready() as ready');
      return row?.ready === true;
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
