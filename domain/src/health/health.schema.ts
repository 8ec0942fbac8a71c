import { z } from 'zod';

/**
 * The provider kinds, each one word across its `/api/health` key, its `Providers` field, its
 * folder under `server/src/providers/` and its interface (`coverArt`: `providers/cover-art/`,
 * `CoverArtProvider`; decision 0301).
 */
export const PROVIDER_KINDS = [
  'storage',
  'email',
  'payments',
  'captcha',
  'soundFx',
  'tts',
  'llm',
  'voiceAgent',
  'coverArt',
  'klangPacks',
  /** The ffmpeg that decodes uploads: Debian's or the bundled one, sandboxed either way (decision 0251). */
  'decoder',
] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * The health keys these kinds had before they took one word, still reported beside the new ones
 * so an operator's checks keep working (decision 0301).
 */
export const FORMER_PROVIDER_KEYS = { images: 'coverArt', sfx: 'soundFx', packs: 'klangPacks' } as const;

/**
 * `/api/health`: the process is alive (always 200 while it answers), which database it uses and
 * whether that database answers now, whether the deck's months are made ahead (this month's and
 * next month's partitions of the deals, decision 0312), and the providers in use. `degraded` while
 * the database is unreachable or a month is missing.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseReachable: z.boolean(),
  dealMonthsReady: z.boolean(),
  providers: z.partialRecord(
    z.enum([
      ...PROVIDER_KINDS,
      ...(Object.keys(FORMER_PROVIDER_KEYS) as (keyof typeof FORMER_PROVIDER_KEYS)[]),
    ]),
    z.string(),
  ),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const NOT_READY_REASONS = ['starting', 'draining', 'database unavailable'] as const;

/**
 * `/api/health/ready`: whether a load balancer should send this instance traffic. 200 with
 * `ready: true`, or 503 with the reason: still starting, draining after SIGTERM, or its database
 * unreachable.
 */
export const readinessResponseSchema = z.object({
  ready: z.boolean(),
  reason: z.enum(NOT_READY_REASONS).optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
