import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import { createJobRunner } from './jobs/runner';
import { scheduleJobRequests } from './jobs/schedule';
import { requestChartSnapshot } from './modules/catalogue/chart-snapshot';
import { requestPaymentsMaintenance } from './modules/payments/payments-maintenance';
import { createProviders, describeProviders } from './providers/registry';
import { loadSecrets } from './secrets';

async function main() {
  const config = loadConfig();
  const secrets = await loadSecrets(config.dataDir, {
    session: config.sessionSecret,
    media: config.mediaSigningSecret,
  });
  const db = await openDatabase(config.database);
  const providers = createProviders(config, secrets);
  const app = await buildApp({ config, db, secrets, providers });

  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  if (config.seed) {
    await seedIfEmpty({ db, storage: providers.storage, log: app.log });
  }

  const jobs = createJobRunner({ db, log: app.log, handlers: app.jobHandlers, leaseMs: config.jobLeaseMs });
  jobs.start();
  const periodicJobs = scheduleJobRequests({
    db,
    log: app.log,
    requests: { 'chart snapshot': requestChartSnapshot, 'daily payments jobs': requestPaymentsMaintenance },
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    periodicJobs.stop();
    await jobs.stop();
    providers.email.close?.();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Klang failed to start:', error);
  }
  process.exit(1);
});
