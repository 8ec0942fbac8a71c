import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEAL_RULES, RADAR_RULES, VERDICT } from '@klang/domain';

/**
 * The environment, parsed once at start. Every setting has a working default so that
 * `npm start` on a fresh machine runs Klang on its embedded, offline providers.
 * A real provider is chosen by configuring it; see .env.example.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .refine(
      (value) => listedOrigins(value).every((origin) => URL.canParse(origin)),
      'a comma-separated list of origins, such as https://klang.example,https://www.klang.example',
    ),
  DEV_MAILBOX: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  SESSION_SECRET: optionalString,
  MEDIA_SIGNING_SECRET: optionalString,
  TRUST_PROXY: bool,
  SEED: bool,
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  CHART_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  FIRST_LISTENS: z.coerce
    .number()
    .int()
    .min(1)
    .max(DEAL_RULES.firstListensMax)
    .default(DEAL_RULES.firstListensDefault),
  RADAR: z.enum(['on', 'off']).default('on'),
  RADAR_BAND: z.coerce.number().int().min(1).max(DEAL_RULES.firstListensMax).optional(),
  RADAR_EXPLORE: z.coerce.number().min(0.01).max(1).default(RADAR_RULES.exploreDefault),
  CHART_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(VERDICT.windowDays),
  DEALS_RETENTION_MONTHS: z.coerce.number().int().min(2).max(1200).optional(),
  VERDICT_ACCOUNT_MIN_AGE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(VERDICT.accountMinAgeMs / 3_600_000),
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  JOB_MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  JOB_MEDIA_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).optional(),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 60_000)
    .default(25_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  ORPHAN_MIN_AGE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),

  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('auto'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,

  SMTP_URL: optionalUrl,
  EMAIL_FROM: z.string().default('Klang <hello@klang.local>'),
  TEAM_EMAIL: z.email().default('team@klang.local'),

  HCAPTCHA_SITE_KEY: optionalString,
  HCAPTCHA_SECRET: optionalString,
  HCAPTCHA_VERIFY_URL: z.url().default('https://api.hcaptcha.com/siteverify'),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET: optionalString,
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),

  OPENAI_IMAGES_API_KEY: optionalString,
  OPENAI_IMAGES_URL: z.url().default('https://api.openai.com'),
  OPENAI_IMAGES_MODEL: z.string().default('dall-e-3'),
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  ESPEAK_NG_PATH: z.string().min(1).default('espeak-ng'),
  /** `auto`: the binary when installed, else eSpeak NG's WebAssembly build (decision 0150). */
  ESPEAK_NG_ENGINE: z.enum(['auto', 'binary', 'wasm']).default('auto'),
  ELEVENLABS_AGENT_ID: optionalString,

  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().default('whisper-1'),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),

  PACK_LOCAL_TRAINING_SECONDS: z.coerce.number().min(0).max(900).default(90),
  PACK_CHECK_SECONDS: z.coerce.number().min(0.2).max(600).default(10),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_API_URL: z.url().default('https://api.replicate.com/v1'),
  REPLICATE_TRAINER: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/)
    .default('ostris/flux-dev-lora-trainer'),
  REPLICATE_TRAINER_VERSION: optionalString,
  REPLICATE_DESTINATION: optionalString,
  REPLICATE_WEBHOOK_SECRET: optionalString,
});

/**
 * Rules across settings, checked on the raw environment so that they are reported together
 * with any malformed value instead of after it is fixed.
 */
function crossSettingProblems(source: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const s3 = [source.S3_BUCKET, source.S3_ACCESS_KEY_ID, source.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    problems.push(
      'S3_BUCKET: S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  for (const kind of ['HCAPTCHA', 'TURNSTILE'] as const) {
    if (Boolean(source[`${kind}_SITE_KEY`]) !== Boolean(source[`${kind}_SECRET`])) {
      problems.push(`${kind}_SECRET: ${kind}_SITE_KEY and ${kind}_SECRET go together`);
    }
  }
  if (Boolean(source.LLM_BASE_URL) !== Boolean(source.LLM_MODEL)) {
    problems.push('LLM_MODEL: the tutor chat engine needs LLM_BASE_URL and LLM_MODEL together');
  }
  if (source.ELEVENLABS_AGENT_ID && !source.ELEVENLABS_API_KEY) {
    problems.push('ELEVENLABS_AGENT_ID: the ElevenLabs voice agent needs ELEVENLABS_API_KEY');
  }
  const stripe = [source.STRIPE_SECRET_KEY, source.STRIPE_WEBHOOK_SECRET, source.STRIPE_PRICE_ID];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    problems.push(
      'STRIPE_SECRET_KEY: Stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID together',
    );
  }
  const replicate = [
    source.REPLICATE_API_TOKEN,
    source.REPLICATE_TRAINER_VERSION,
    source.REPLICATE_DESTINATION,
  ];
  if (replicate.some(Boolean) && !replicate.every(Boolean)) {
    problems.push(
      'REPLICATE_API_TOKEN: Replicate needs REPLICATE_API_TOKEN, REPLICATE_TRAINER_VERSION and REPLICATE_DESTINATION together',
    );
  }
  const retention = Number(source.DEALS_RETENTION_MONTHS);
  const windowDays = Number(source.CHART_WINDOW_DAYS ?? VERDICT.windowDays);
  if (Number.isInteger(retention) && retention >= 2 && retention < minimumRetentionMonths(windowDays)) {
    problems.push(
      `DEALS_RETENTION_MONTHS: ${String(retention)} months would roll up deals the chart's ${String(windowDays)}-day window still reads; keep at least ${String(minimumRetentionMonths(windowDays))}`,
    );
  }
  if (source.NODE_ENV === 'production' && source.DATABASE_URL && !source.SESSION_SECRET) {
    problems.push('SESSION_SECRET: a production deployment on PostgreSQL needs its own SESSION_SECRET');
  }
  return problems;
}

/**
 * The fewest months of deals (this one and those before it) that keep every deal the verdict
 * reads: a window of `windowDays` reads deals dealt up to a week and a day before it (decision
 * 0314), and the newest rolled-up deal is at least `months - 1` short (28-day) months old.
 */
function minimumRetentionMonths(windowDays: number): number {
  return Math.ceil((windowDays + DEAL_RULES.openDays + 1) / 28) + 1;
}

export type Env = z.infer<typeof envSchema>;

export type Config = ReturnType<typeof buildConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Klang cannot start; the environment has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`) ??
      []),
    ...crossSettingProblems(source),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return buildConfig(parsed.data);
}

/** PUBLIC_URL's origin first, then each listed origin, normalised (the schema refused any that is not a URL). */
function trustedOrigins(publicUrl: string, listed: string): string[] {
  const origins = listedOrigins(listed).map((value) => new URL(value).origin);
  return [...new Set([new URL(publicUrl).origin, ...origins])];
}

function listedOrigins(listed: string): string[] {
  return listed
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function buildConfig(env: Env) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /**
     * The origins checkout and billing may return to: PUBLIC_URL's and the ones the operator
     * lists, never one taken from a Host or X-Forwarded-Host header (decision 0133).
     */
    trustedOrigins: trustedOrigins(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, env.TRUSTED_ORIGINS),
    /** The local outbox's pages at /dev/mailbox: on in development unless turned off, never by address. */
    devMailbox: env.DEV_MAILBOX ?? env.NODE_ENV === 'development',
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? false,
    /** Off only for load tests on loopback, where one address sends every request. */
    rateLimits: env.RATE_LIMITS === 'on',
    /** How long one process reuses a genre's ranking; who sees what is decided on every read. */
    chartCacheMs: env.CHART_CACHE_MS,
    /**
     * Blind deals every eligible featured track gets before any is dealt past twice as many: the
     * deck deals the least exposed first until then (decision 0191).
     */
    firstListens: env.FIRST_LISTENS,
    /**
     * Blind Radar (decision 0283): the deck deals the listener's best taste match among a sample
     * of the fair tier; past the first listens, within `band` deals of the least-dealt track; a
     * share `explore` stays uniform. Off, the deck deals as the fair deck alone.
     */
    radar: {
      enabled: env.RADAR === 'on',
      band:
        env.RADAR_BAND ?? Math.max(1, Math.round(env.FIRST_LISTENS * RADAR_RULES.bandShareOfFirstListens)),
      explore: env.RADAR_EXPLORE,
    },
    /** The rolling window of the blind verdict a chart ranks by, in days (decision 0195). */
    chartWindowDays: env.CHART_WINDOW_DAYS,
    /**
     * How old an account must be before its verdicts count in full and it fills a hook floor
     * (decisions 0196, 0257); 0 only where every listener is minutes old, as in the journeys.
     */
    verdictAccountMinAgeMs: Math.round(env.VERDICT_ACCOUNT_MIN_AGE_HOURS * 3_600_000),
    /**
     * How many months of deals are kept whole, this one included; older months are rolled up
     * and dropped (decision 0317). Null: every month is kept.
     */
    dealsRetentionMonths: env.DEALS_RETENTION_MONTHS ?? null,
    /** How long a job's lock holds before another worker takes it as its worker's crash. */
    jobLeaseMs: env.JOB_LEASE_MS,
    /** The media lane's limits (decision 0247); see {@link mediaLane}. */
    mediaLane: mediaLane(env.JOB_MEDIA_CONCURRENCY, env.JOB_MEDIA_PER_ACCOUNT),
    /**
     * On SIGTERM: how long requests in flight and running jobs may take to finish; after it,
     * connections close and the jobs' leases are released for another worker.
     */
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    /** On SIGTERM: how long to keep serving while readiness says 503, for a load balancer to notice. */
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    /**
     * A half-written object or a scratch directory untouched this long was left by a process that
     * died, and the orphan sweep removes it. Keep it above the job lease.
     */
    orphanMinAgeMs: env.ORPHAN_MIN_AGE_MS,
    dataDir,
    // Demo content goes into the embedded database by default, never into PostgreSQL unasked.
    seed: env.SEED ?? !env.DATABASE_URL,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    /** Secrets fall back to a per-data-directory random secret (see secrets.ts). */
    sessionSecret: env.SESSION_SECRET,
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET,
    storage:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? ({
            kind: 's3',
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          } as const)
        : ({ kind: 'local', dir: path.join(dataDir, 'media') } as const),
    email: env.SMTP_URL
      ? ({
          kind: 'smtp',
          url: env.SMTP_URL,
          from: env.EMAIL_FROM,
          outboxDir: path.join(dataDir, 'outbox'),
        } as const)
      : ({ kind: 'local', from: env.EMAIL_FROM, outboxDir: path.join(dataDir, 'outbox') } as const),
    /** Where contact messages and bug reports are sent. */
    teamEmail: env.TEAM_EMAIL,
    captcha: captchaConfig(env),
    /** Cover art from a prompt: OpenAI Images when its key is set, else the local engine. */
    coverArt: env.OPENAI_IMAGES_API_KEY
      ? ({
          kind: 'openai',
          apiKey: env.OPENAI_IMAGES_API_KEY,
          baseUrl: env.OPENAI_IMAGES_URL,
          model: env.OPENAI_IMAGES_MODEL,
        } as const)
      : ({ kind: 'local' } as const),
    /** Sound effects and text to speech: ElevenLabs with a key, the local engines without. */
    audioAi: env.ELEVENLABS_API_KEY
      ? ({ kind: 'elevenlabs', apiKey: env.ELEVENLABS_API_KEY, baseUrl: env.ELEVENLABS_BASE_URL } as const)
      : ({ kind: 'local', espeakPath: env.ESPEAK_NG_PATH, espeakEngine: env.ESPEAK_NG_ENGINE } as const),
    /** The tutor's answers: an OpenAI-compatible chat endpoint when configured, else the local tutor. */
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? ({
            kind: 'openai',
            baseUrl: env.LLM_BASE_URL,
            // Ollama and llama.cpp ignore the key, but the header must be there.
            apiKey: env.LLM_API_KEY ?? 'none',
            model: env.LLM_MODEL,
          } as const)
        : ({ kind: 'local' } as const),
    /** The live voice agent's speech input: an OpenAI-compatible transcription endpoint, or none. */
    stt: env.STT_BASE_URL
      ? ({
          kind: 'openai',
          baseUrl: env.STT_BASE_URL,
          apiKey: env.STT_API_KEY ?? 'none',
          model: env.STT_MODEL,
        } as const)
      : ({ kind: 'none' } as const),
    /** The live voice agent: ElevenLabs' own agent when its id is set (with the key), else Klang's. */
    voiceAgent:
      env.ELEVENLABS_AGENT_ID && env.ELEVENLABS_API_KEY
        ? ({
            kind: 'elevenlabs',
            agentId: env.ELEVENLABS_AGENT_ID,
            apiKey: env.ELEVENLABS_API_KEY,
            baseUrl: env.ELEVENLABS_BASE_URL,
          } as const)
        : ({ kind: 'local' } as const),
    /** Pro checkout and billing: Stripe when its key, webhook secret and price are set, else the local checkout. */
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_ID
        ? ({
            kind: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceId: env.STRIPE_PRICE_ID,
            apiUrl: env.STRIPE_API_URL,
          } as const)
        : ({ kind: 'local' } as const),
    /** Character packs: Replicate when its token, trainer version and destination are set, else the local engine. */
    klangPacks:
      env.REPLICATE_API_TOKEN && env.REPLICATE_TRAINER_VERSION && env.REPLICATE_DESTINATION
        ? ({
            kind: 'replicate',
            apiToken: env.REPLICATE_API_TOKEN,
            apiUrl: env.REPLICATE_API_URL,
            trainer: env.REPLICATE_TRAINER,
            trainerVersion: env.REPLICATE_TRAINER_VERSION,
            destination: env.REPLICATE_DESTINATION,
            webhookSecret: env.REPLICATE_WEBHOOK_SECRET,
            checkIntervalMs: env.PACK_CHECK_SECONDS * 1000,
          } as const)
        : ({
            kind: 'local',
            minTrainingMs: env.PACK_LOCAL_TRAINING_SECONDS * 1000,
            checkIntervalMs: env.PACK_CHECK_SECONDS * 1000,
          } as const),
  };
}

/** hCaptcha when its keys are set, else Turnstile when its keys are set, else ALTCHA (offline). */
function captchaConfig(env: Env) {
  if (env.HCAPTCHA_SITE_KEY && env.HCAPTCHA_SECRET) {
    return {
      kind: 'hcaptcha',
      siteKey: env.HCAPTCHA_SITE_KEY,
      secret: env.HCAPTCHA_SECRET,
      verifyUrl: env.HCAPTCHA_VERIFY_URL,
    } as const;
  }
  if (env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET) {
    return {
      kind: 'turnstile',
      siteKey: env.TURNSTILE_SITE_KEY,
      secret: env.TURNSTILE_SECRET,
      verifyUrl: env.TURNSTILE_VERIFY_URL,
    } as const;
  }
  return { kind: 'altcha', maxNumber: env.ALTCHA_MAX_NUMBER, expiresInSeconds: 600 } as const;
}

/**
 * How many media jobs (transcodes, pack training) one process runs at once, and how many of them
 * one account may hold over every process. By default a core stays for the web server, yet at
 * least two run, and one account may take all but one slot: another artist's upload always
 * finds a free one (decision 0247).
 */
export function mediaLane(concurrency?: number, perAccount?: number) {
  const slots = concurrency ?? Math.max(2, availableParallelism() - 1);
  return { concurrency: slots, perAccount: perAccount ?? Math.max(1, slots - 1) };
}
