import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import { scheduleJobRequests } from './jobs/schedule';
import { exitOnStartFailure, openKlang } from './process-lifecycle';
import { describeProviders } from './providers/registry';

async function main() {
  const config = loadConfig();
  const { app, db, providers, jobs, readiness, stopOnSignals } = await openKlang(config);

  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  if (config.seed) {
    await seedIfEmpty({ db, storage: providers.storage, log: app.log });
  }

  jobs.start();
  // The periodic requests the areas registered (`registerJobs`); a separate worker makes none.
  const periodicJobs = scheduleJobRequests({ db, log: app.log, requests: app.periodicJobs });
  stopOnSignals(() => {
    periodicJobs.stop();
  });

  await app.listen({ host: config.host, port: config.port });
  readiness.serving();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { database: db.kind, providers: describeProviders(providers), dataDir: config.dataDir },
    `Klang is running at http://localhost:${port}`,
  );
  const chosen = Object.entries(describeProviders(providers))
    .map(([kind, name]) => `${kind}=${name}`)
    .join(' ');
  console.log(`\n  Klang is running at http://localhost:${port}  (database=${db.kind} ${chosen})\n`);
}

main().catch(exitOnStartFailure('Klang'));
