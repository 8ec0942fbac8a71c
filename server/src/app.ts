import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { BLIND_SHARE_CARD, MESSAGES, SHARE_LINK_PATH, playerEndpoints } from '@klang/domain';
import type { Config } from './config';
import type { Db } from './db/client';
import { decorateJobs } from './jobs/registry';
import { registerAccounts } from './modules/accounts/accounts.module';
import { createShareEvents, registerAnalytics } from './modules/analytics/analytics.module';
import { registerCatalogue } from './modules/catalogue/catalogue.module';
import { catalogueRecords } from './modules/catalogue/catalogue.service';
import { registerDemoTracks } from './modules/demo-tracks/demo-tracks.module';
import { registerEmail } from './modules/email/email.module';
import { registerFollows } from './modules/follows/follows.module';
import { formsCaptchaGate, registerForms } from './modules/forms/forms.module';
import { registerForum } from './modules/forum/forum.module';
import { registerHealth } from './modules/health/health.module';
import type { Readiness } from './modules/health/readiness';
import { registerKit } from './modules/kit/kit.module';
import { registerKlangPacks } from './modules/klang-packs/klang-packs.module';
import { registerLoyalty } from './modules/loyalty/loyalty.module';
import { registerMedia } from './modules/media/media.module';
import { registerPayments } from './modules/payments/payments.module';
import { registerPlayer } from './modules/player/player.module';
import { playerRecords } from './modules/player/player.service';
import { registerSubscribers } from './modules/subscribers/subscribers.module';
import { registerTracks } from './modules/tracks/tracks.module';
import { registerTutor } from './modules/tutor/tutor.module';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestGuardsPlugin } from './plugins/request-guards';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { webAppPlugin } from './plugins/web-app';
import { describeProviders, type Providers } from './providers/registry';
import type { Secrets } from './secrets';

export interface AppDeps {
  config: Config;
  db: Db;
  secrets: Secrets;
  providers: Providers;
  /** Where the built web app is; tests point it elsewhere or at nothing. */
  webDistDir?: string;
  /** The process's phase for `/api/health/ready`; an app built without one is serving. */
  readiness?: Readiness;
  /** The clock of listening (grants, their serving, ratings, credit); tests move it. */
  listeningClock?: () => Date;
}

/**
 * Builds the whole HTTP application without listening, so tests drive it through
 * `app.inject`. Plugins register in lifecycle order: errors, security, cookies, rate limits,
 * request guards, session, OpenAPI; then one `register<Area>` per area, each after the areas
 * whose services it takes (decision 0210); then the web app as the fallback for client routes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, providers } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        // Signed media URLs carry their signature in the query string: never log one.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          ip: req.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    mediaOrigins: providers.storage.mediaOrigins,
    captchaOrigins: providers.captcha.origins,
    voiceAgentOrigins: providers.voiceAgent.origins,
  });
  await app.register(cookie, { secret: deps.secrets.session });
  if (config.rateLimits) await app.register(rateLimitPlugin, { db });
  else app.log.warn('rate limits are off (RATE_LIMITS=off)');
  await app.register(requestGuardsPlugin, {
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  await app.register(sessionPlugin, { db, publicUrl: config.publicUrl });
  await app.register(openapiPlugin);

  decorateJobs(app);

  // The areas, each beside its module (`modules/<area>/<area>.module.ts`): its routes, its jobs,
  // and what it returns for the areas after it. Cross-area needs go in as functions or services.
  const { service: email } = await registerEmail(app, {
    db,
    provider: providers.email,
    from: config.email.from,
    outboxDir: config.email.outboxDir,
    mailbox: providers.email.name === 'local' && config.devMailbox,
  });
  const { service: loyalty } = await registerLoyalty(app, { db });
  const { service: accounts } = await registerAccounts(app, {
    db,
    storage: providers.storage,
    email,
    publicUrl: config.publicUrl,
    // The forum and the Kit are registered below; the Kit needs the accounts service for its checks.
    clearDemoWork: async (userId) => {
      await forum.clearVotes(userId);
      await kit.clearDemoPresets(userId);
    },
    forgetListener: playerRecords.forgetListener,
    // The forms area is registered below; its captcha gate needs only the database and provider.
    passCaptcha: formsCaptchaGate({ db, captcha: providers.captcha }),
  });
  // A contract entry for artists, Pro or the team checks its caller's kind here (decision 0310).
  app.decorate('callerKind', accounts.sessions.callerKind);
  const { service: catalogue } = await registerCatalogue(app, {
    db,
    storage: providers.storage,
    chartCacheMs: config.chartCacheMs,
    chartWindowDays: config.chartWindowDays,
    accountMinAgeMs: config.verdictAccountMinAgeMs,
    firstListens: config.firstListens,
    radar: config.radar,
  });
  const shareFunnel = createShareEvents(db);
  const { streamServed } = await registerPlayer(app, {
    db,
    storage: providers.storage,
    streamSecret: deps.secrets.media,
    publicUrl: config.publicUrl,
    shareEvents: shareFunnel,
    loyalty,
    firstListens: config.firstListens,
    radar: config.radar,
    chartTrackAt: (userId, genre, position) => catalogue.chartTrackAt(userId, genre, position),
    dealsRetention: { months: config.dealsRetentionMonths, accountMinAgeMs: config.verdictAccountMinAgeMs },
    ...(deps.listeningClock && { clock: deps.listeningClock }),
  });
  await registerFollows(app, { db, email, publicUrl: config.publicUrl });

  const { service: forum } = await registerForum(app, { db, storage: providers.storage });
  await registerTracks(app, {
    db,
    storage: providers.storage,
    coverArt: providers.coverArt,
    forgetTrack: async (tx, trackId) => {
      await playerRecords.forgetTrack(tx, trackId);
      await catalogueRecords.forgetTrack(tx, trackId);
    },
  });

  const { provider: payments } = await registerPayments(app, {
    db,
    config,
    sessionSecret: deps.secrets.session,
    accounts,
    email,
  });

  const { service: kit } = await registerKit(app, {
    db,
    storage: providers.storage,
    soundFx: providers.soundFx,
    tts: providers.tts,
    loadAccess: accounts.sessions.callerKind,
  });
  await registerTutor(app, {
    providers,
    kit,
    catalogue,
    sessions: accounts.sessions,
    secrets: deps.secrets,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  await registerKlangPacks(app, {
    db,
    storage: providers.storage,
    engine: providers.klangPacks,
    kit,
    checkIntervalMs: config.klangPacks.checkIntervalMs,
    replicateWebhookSecret:
      config.klangPacks.kind === 'replicate' ? config.klangPacks.webhookSecret : undefined,
  });
  await registerHealth(app, {
    db,
    readiness: deps.readiness,
    // The payment provider is made by the payments area, not in registry.ts (it needs the database).
    providers: { ...describeProviders(providers), payments: payments.name },
  });
  await registerAnalytics(app, {
    db,
    accountMinAgeMs: config.verdictAccountMinAgeMs,
    loadAccess: accounts.sessions.callerKind,
    shareFunnel,
  });
  await registerForms(app, { db, captcha: providers.captcha, email, teamEmail: config.teamEmail });
  await registerSubscribers(app, { db });
  await registerDemoTracks(app, { db, storage: providers.storage });
  await registerMedia(app, {
    storage: providers.storage,
    signingSecret: deps.secrets.media,
    streamServed,
    ...(deps.listeningClock && { clock: deps.listeningClock }),
    localDir: config.storage.kind === 'local' ? config.storage.dir : undefined,
  });

  await app.register(webAppPlugin, {
    ...(deps.webDistDir !== undefined && { distDir: deps.webDistDir }),
    // A share link's preview is the same for every link: it names nothing (decision 0307); its
    // oEmbed offers the embedded blind player (decision 0308).
    shareCardFor: async (pathname) => {
      if (!SHARE_LINK_PATH.test(pathname)) return catalogue.shareCard(pathname, config.publicUrl);
      const url = new URL(pathname, config.publicUrl).toString();
      const oembed = new URL('/api/oembed', config.publicUrl);
      oembed.search = new URLSearchParams({ url, format: 'json' }).toString();
      const imageUrl = new URL(playerEndpoints.shareCardImage.path, config.publicUrl).toString();
      return { ...BLIND_SHARE_CARD, url, imageUrl, type: 'website', oembedUrl: oembed.toString() };
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (app.serveWebApp?.(request, reply)) return reply;
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound, requestId: request.id } });
  });

  return app;
}
