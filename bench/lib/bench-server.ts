// The real Klang app on PostgreSQL plus a plain hello-world route in the same process, so the
// endpoints can be measured as a ratio to the framework's own floor (performance-and-security A9).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { createProviders } from '../../server/src/providers/registry';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const dataDir = mkdtempSync(path.join(tmpdir(), 'klang-bench-server-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'off',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
  NODE_ENV: 'production',
});
const db = await openDatabase(config.database);
const secrets = {
  session: 'bench-session-secret-0123456789abcdef',
  media: 'bench-media-secret-0123456789abcdef',
};
const app = await buildApp({
  config,
  db,
  secrets,
  providers: createProviders(config, secrets),
  webDistDir: dataDir,
});
app.get('/bench/hello', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: config.port });
process.send?.('ready');
// Exit on the caller's kill, so a CPU profile (CPU_PROF) is written.
process.on('SIGTERM', () => process.exit(0));
