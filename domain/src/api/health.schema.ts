import { z } from 'zod';

export const PROVIDER_KINDS = [
  'storage',
  'email',
  'payments',
  'captcha',
  'sfx',
  'tts',
  'llm',
  'voiceAgent',
  'images',
  'packs',
] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  providers: z.partialRecord(z.enum(PROVIDER_KINDS), z.string()),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
