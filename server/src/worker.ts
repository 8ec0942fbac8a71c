/**
 * A job worker without the web server: `npm run worker -w @klang/server`. On PostgreSQL any
 * number of them share the queue with the server's own runner (claims skip locked rows), so
 * uploads can be transcoded on other cores or machines. The embedded PGlite database belongs
 * to one process, so there the server runs its jobs itself.
 */
import { ConfigError, loadConfig } from './config';
import { exitOnStartFailure, openKlang } from './process-lifecycle';

async function main() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new ConfigError([
      'DATABASE_URL: a separate job worker needs PostgreSQL; with the embedded database the server runs its jobs',
    ]);
  }
  // The app is built for its job handlers and their dependencies; it never listens.
  const { app, jobs, stopOnSignals } = await openKlang(config);
  await app.ready();
  jobs.start();
  stopOnSignals();
  app.log.info({ worker: jobs.workerId }, 'job worker started');
}

main().catch(exitOnStartFailure('The job worker'));
