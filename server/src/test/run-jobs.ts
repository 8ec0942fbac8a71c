import { createJobRunner } from '../jobs/runner';
import type { TestApp } from './app';

/** Runs every job that is due, including the ones those jobs queue, until none is left. */
export async function runDueJobs(t: TestApp): Promise<void> {
  const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
  while (await runner.runOnce()) {
    /* drain */
  }
}
