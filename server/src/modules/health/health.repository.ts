import type { Db } from '../../db/client';

/** What the health checks ask the database: which one it is, and whether it answers at all. */
export function createHealthRepository(db: Db) {
  return {
    kind: db.kind,
    /** Resolves when the database answers a trivial statement; rejects when it cannot. */
    async ping(): Promise<void> {
      await db.query('select 1');
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
