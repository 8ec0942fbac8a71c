import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageProvider } from '../providers/storage/storage';

/** The scratch directories Klang makes in the system's temp directory (transcode, S3 spool, speech). */
export const SCRATCH_PREFIXES = ['klang-track-', 'klang-s3-', 'klang-tts-'] as const;

export interface SweepOutcome {
  /** Half-written storage objects (a local `.part` file whose writer died). */
  partialObjects: number;
  /** Scratch directories of processes that died on this host. */
  scratchDirs: number;
}

/**
 * Removes what a process killed mid-work leaves outside the database: half-written objects in
 * storage and scratch directories in the temp directory, if untouched for `minAgeMs` (longer than
 * any upload or job runs, so nothing in use is taken). Uploads stored whole but never recorded are
 * the `tracks.discard-unclaimed` job's; rows are transactional and leave nothing half-written.
 */
export async function sweepOrphans(deps: {
  storage: StorageProvider;
  minAgeMs: number;
  tmpDir?: string;
  now?: () => number;
}): Promise<SweepOutcome> {
  const before = new Date((deps.now ?? Date.now)() - deps.minAgeMs);
  const partialObjects = (await deps.storage.removePartial?.(before)) ?? 0;
  const dir = deps.tmpDir ?? tmpdir();
  let scratchDirs = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || !SCRATCH_PREFIXES.some((prefix) => entry.name.startsWith(prefix))) continue;
    const full = path.join(dir, entry.name);
    const touched = await stat(full).catch(() => undefined);
    if (!touched || touched.mtime >= before) continue;
    await rm(full, { recursive: true, force: true });
    scratchDirs += 1;
  }
  return { partialObjects, scratchDirs };
}

/** Sweeps at start and then every `intervalMs` (an hour), logging how many it removed. */
export function scheduleOrphanSweeps(options: {
  storage: StorageProvider;
  log: FastifyBaseLogger;
  minAgeMs: number;
  intervalMs?: number;
}): { stop: () => void } {
  const sweep = () => {
    sweepOrphans(options).then(
      (outcome) => {
        if (outcome.partialObjects + outcome.scratchDirs > 0) options.log.warn(outcome, 'orphans removed');
        else options.log.debug(outcome, 'no orphans');
      },
      (error: unknown) => {
        options.log.warn({ err: error }, 'orphan sweep failed');
      },
    );
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? 60 * 60_000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
    },
  };
}
