import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({ session: z.string().min(32), media: z.string().min(32) });
export type Secrets = z.infer<typeof secretsSchema>;

/**
 * Secrets for session and media signing. Configured values win; otherwise a random pair is
 * made once per data directory and kept in DATA_DIR/secrets.json (mode 0600), so signed URLs
 * and sessions survive a restart without anyone having to invent a secret for a local run.
 */
export async function loadSecrets(
  dataDir: string,
  configured: { session?: string | undefined; media?: string | undefined },
): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Secrets | undefined;
  try {
    stored = secretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    stored = undefined;
  }
  if (!stored) {
    stored = { session: randomBytes(32).toString('base64url'), media: randomBytes(32).toString('base64url') };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return { session: configured.session ?? stored.session, media: configured.media ?? stored.media };
}
