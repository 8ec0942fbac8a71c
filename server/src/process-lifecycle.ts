/**
 * What the server (`main.ts`) and a separate job worker (`worker.ts`) share: the configured app
 * with its providers and database, its job runner, an orderly stop on SIGINT/SIGTERM, and one
 * way of reporting a failed start.
 */
import { buildApp } from './app';
import { ConfigError, type Config } from './config';
import { openDatabase } from './db/client';
import { createJobRunner } from './jobs/runner';
import { createProviders } from './providers/registry';
import { loadSecrets } from './secrets';

export async function openKlang(config: Config) {
  const secrets = await loadSecrets(config.dataDir, {
    session: config.sessionSecret,
    media: config.mediaSigningSecret,
  });
  const db = await openDatabase(config.database);
  const providers = createProviders(config, secrets);
  const app = await buildApp({ config, db, secrets, providers });
  const jobs = createJobRunner({ db, log: app.log, handlers: app.jobHandlers, leaseMs: config.jobLeaseMs });

  /** Stops on the first SIGINT or SIGTERM: `before` (timers), the app, running jobs, then the rest. */
  function stopOnSignals(before: () => void = () => undefined) {
    const shutdown = async (signal: string) => {
      app.log.info({ signal }, 'shutting down after the running jobs');
      before();
      await app.close();
      await jobs.stop();
      providers.email.close?.();
      await db.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  }

  return { app, db, providers, jobs, stopOnSignals };
}

export function exitOnStartFailure(what: string) {
  return (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`${what} failed to start:`, error);
    process.exit(1);
  };
}
