/**
 * What the server (`main.ts`) and a separate job worker (`worker.ts`) share: the configured app
 * with its providers and database, its job runner, its readiness, a graceful stop on SIGINT or
 * SIGTERM, and one way of reporting a failed start.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, type Config } from './config';
import { openDatabase } from './db/client';
import { scheduleOrphanSweeps } from './jobs/orphan-sweep';
import { laneLimits } from './jobs/lanes';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { within } from './lib/deadline';
import { createReadiness, type Readiness } from './modules/health/readiness';
import { createProviders } from './providers/registry';
import { loadSecrets } from './secrets';

export async function openKlang(config: Config) {
  const secrets = await loadSecrets(config.dataDir, {
    session: config.sessionSecret,
    media: config.mediaSigningSecret,
  });
  const db = await openDatabase(config.database);
  const providers = createProviders(config, secrets);
  const readiness = createReadiness();
  const app = await buildApp({ config, db, secrets, providers, readiness });
  const jobs = createJobRunner({
    db,
    log: app.log,
    kinds: app.jobKinds,
    leaseMs: config.jobLeaseMs,
    lanes: laneLimits(config.mediaLane),
  });

  /**
   * Stops gracefully on the first SIGINT or SIGTERM (see `drain`), then closes the rest and
   * exits. `before` stops what only the caller knows of (timers). A second signal exits at once.
   */
  function stopOnSignals(before: () => void = () => undefined) {
    // Every process sweeps what a killed one left behind: at start, then hourly.
    const sweeps = scheduleOrphanSweeps({
      storage: providers.storage,
      log: app.log,
      minAgeMs: config.orphanMinAgeMs,
    });
    const shutdown = async (signal: string) => {
      process.once(signal, () => process.exit(1));
      app.log.info({ signal }, 'draining: finishing requests in flight and running jobs');
      sweeps.stop();
      before();
      const outcome = await drain(
        { app, jobs, readiness },
        { graceMs: config.shutdownGraceMs, delayMs: config.shutdownDelayMs },
      );
      providers.email.close?.();
      await db.close();
      app.log.info(outcome, 'stopped');
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  }

  return { app, db, providers, jobs, readiness, stopOnSignals };
}

export interface DrainOutcome {
  /** Connections still busy when the grace ran out, closed without their answer. */
  forcedConnections: boolean;
  /** Jobs still running when the grace ran out, handed back to the queue. */
  jobsHandedBack: number;
}

/**
 * A graceful stop (decision 0160): readiness turns 503 at once; after `delayMs` (time for a load
 * balancer to notice) the server stops accepting connections, answers the requests in flight and
 * closes idle keep-alive connections, while the job runner claims nothing more and waits for its
 * running jobs. Whatever is still busy after `graceMs` is cut: connections are closed and jobs are
 * handed back to the queue for another worker, instead of waiting out their lease.
 */
export async function drain(
  parts: { app: FastifyInstance; jobs: Pick<JobRunner, 'stop'>; readiness: Readiness },
  options: { graceMs: number; delayMs: number },
): Promise<DrainOutcome> {
  const { app, jobs, readiness } = parts;
  readiness.draining();
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  const jobsStopped = jobs.stop({ graceMs: options.graceMs });
  const closed = app.close();
  const closedInTime = (await within(closed, options.graceMs)).done;
  if (!closedInTime) {
    app.server.closeAllConnections();
    await closed;
  }
  return { forcedConnections: !closedInTime, jobsHandedBack: await jobsStopped };
}

export function exitOnStartFailure(what: string) {
  return (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`${what} failed to start:`, error);
    process.exit(1);
  };
}
