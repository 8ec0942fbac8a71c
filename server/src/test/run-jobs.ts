import { createJobRunner } from '../jobs/runner';
import type { TestApp } from './app';

/** Runs every job that is due, including the ones those jobs queue, until none is left. */
export async function runDueJobs(t: TestApp): Promise<void> {
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
  while (await runner.runOnce()) {
    /* drain */
  }
}

/** Runs one job of `kind` now, as the runner would hand it its row; nothing it queues. */
export async function runJobNow(t: TestApp, kind: string): Promise<void> {
  const handler = t.app.jobKinds[kind]?.run;
  if (!handler) throw new Error(`no handler for ${kind}`);
  await handler({ id: 'now', kind, payload: {}, attempts: 0, maxAttempts: 1 }, { db: t.db });
}
