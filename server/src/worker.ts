/**
 * A job worker without the web server: `npm run worker -w @klang/server`. On PostgreSQL any
 * number of them share the queue with the server's own runner (claims skip locked rows), so
 * uploads can be transcoded on other cores or machines. The embedded PGlite database belongs
 * to one process, so there the server runs its jobs itself.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createJobRunner } from './jobs/runner';
import { createProviders } from './providers/registry';
import { loadSecrets } from './secrets';

async function main() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new ConfigError([
      'DATABASE_URL: a separate job worker needs PostgreSQL; with the embedded database the server runs its jobs',
    ]);
  }
  const secrets = await loadSecrets(config.dataDir, {
    session: config.sessionSecret,
    media: config.mediaSigningSecret,
  });
  const db = await openDatabase(config.database);
  const providers = createProviders(config, secrets);
  // The app is built for its job handlers and their dependencies; it never listens.
  const app = await buildApp({ config, db, secrets, providers });
  await app.ready();
  const jobs = createJobRunner({ db, log: app.log, handlers: app.jobHandlers, leaseMs: config.jobLeaseMs });
  jobs.start();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'job worker stopping after its running jobs');
    await jobs.stop();
    await app.close();
    providers.email.close?.();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  app.log.info({ worker: jobs.workerId }, 'job worker started');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The job worker failed to start:', error);
  process.exit(1);
});
