import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { accountFunctionsRoutes } from './modules/accounts/account-functions.routes';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createInvitesRepository } from './modules/accounts/invites.repository';
import { invitesRoutes } from './modules/accounts/invites.routes';
import { createInvitesService } from './modules/accounts/invites.service';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { hooksRoutes } from './modules/analytics/hooks.routes';
import { createHooksRepository } from './modules/analytics/hooks.repository';
import { createHooksService } from './modules/analytics/hooks.service';
import { createEmailService } from './modules/email/email.service';
import { mailboxRoutes } from './modules/email/mailbox.routes';
import { createDemoTracksRepository } from './modules/demo-tracks/demo-tracks.repository';
import { demoTracksRoutes } from './modules/demo-tracks/demo-tracks.routes';
import { createDemoTracksService } from './modules/demo-tracks/demo-tracks.service';
import { createFormsRepository } from './modules/forms/forms.repository';
import { formsRoutes } from './modules/forms/forms.routes';
import { createFormsService } from './modules/forms/forms.service';
import { createHealthRepository } from './modules/health/health.repository';
import { healthRoutes } from './modules/health/health.routes';
import { createReadiness, type Readiness } from './modules/health/readiness';
import { followsRoutes } from './modules/follows/follows.routes';
import { catalogueRoutes, chartMethodRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCatalogueJobHandlers } from './modules/catalogue/catalogue.jobs';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes';
import { forumRoutes } from './modules/forum/forum.routes';
import { createForumService } from './modules/forum/forum.service';
import { createFollowsService } from './modules/follows/follows.service';
import { createLoyaltyService } from './modules/loyalty/loyalty.service';
import { kitRoutes } from './modules/kit/kit.routes';
import { createPackJobHandlers } from './modules/klang-packs/klang-packs.jobs';
import { createKlangPacksRepository } from './modules/klang-packs/klang-packs.repository';
import { klangPacksRoutes } from './modules/klang-packs/klang-packs.routes';
import { createKlangPacksService } from './modules/klang-packs/klang-packs.service';
import { replicateWebhookRoutes } from './modules/klang-packs/replicate-webhook.routes';
import { registerTutor } from './modules/tutor/tutor.plugin';
import { createKitService } from './modules/kit/kit.service';
import { mediaRoutes, streamRoutes } from './modules/media/media.routes';
import { createApplyPaymentEventHandler } from './modules/payments/apply-payment-event.job';
import { checkoutRoutes, localCheckoutRoutes } from './modules/payments/checkout.routes';
import { checkoutUserRoutes, createDiscardCheckoutUserHandler } from './modules/payments/checkout-user';
import { createCheckoutService, DISCARD_CHECKOUT_USER_JOB } from './modules/payments/checkout.service';
import { createLocalCheckoutService } from './modules/payments/local-checkout.service';
import {
  createLocalDelivery,
  LOCAL_BILLING_CLOCK_JOB,
  LOCAL_DELIVERY_JOB,
  scheduleLocalDelivery,
} from './modules/payments/local-delivery';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import {
  APPLY_PAYMENT_EVENT_JOB,
  BILLING_EMAIL_JOB,
  createPaymentsService,
} from './modules/payments/payments.service';
import { createBillingEmailHandler } from './modules/payments/billing-emails';
import { billingRoutes, localBillingRoutes } from './modules/payments/billing.routes';
import { createBillingService } from './modules/payments/billing.service';
import {
  EXPIRE_ENTITLEMENTS_JOB,
  SWEEP_CHECKOUT_USERS_JOB,
  createExpireEntitlementsHandler,
  createSweepCheckoutUsersHandler,
} from './modules/payments/payments-maintenance';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { playerRoutes } from './modules/player/player.routes';
import { createPlayerService } from './modules/player/player.service';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createSubscribersRepository } from './modules/subscribers/subscribers.repository';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes';
import { createSubscribersService } from './modules/subscribers/subscribers.service';
import { requestGuardsPlugin } from './plugins/request-guards';
import { securityPlugin } from './plugins/security';
import type { JobHandler } from './jobs/runner';
import { createDiscardUnclaimedHandler, DISCARD_UNCLAIMED_JOB } from './modules/tracks/discard-unclaimed.job';
import { createProcessTrackHandler } from './modules/tracks/process-track.job';
import { createTracksRepository } from './modules/tracks/tracks.repository';
import { tracksRoutes } from './modules/tracks/tracks.routes';
import { createTracksService, PROCESS_TRACK_JOB } from './modules/tracks/tracks.service';
import { sessionPlugin } from './plugins/session';
import { webAppPlugin } from './plugins/web-app';
import { createPaymentProvider, isLocalPayments } from './providers/payments';
import { describeProviders, type Providers } from './providers/registry';
import type { Secrets } from './secrets';
import { MESSAGES } from '@klang/domain';

export interface AppDeps {
  config: Config;
  db: Db;
  secrets: Secrets;
  providers: Providers;
  /** Where the built web app is; tests point it elsewhere or at nothing. */
  webDistDir?: string;
  /** The process's phase for `/api/health/ready`; an app built without one is serving. */
  readiness?: Readiness;
}

/**
 * Builds the whole HTTP application without listening, so tests drive it through
 * `app.inject`. Plugins register in lifecycle order: errors, security, cookies, rate limits,
 * OpenAPI, then the areas, then the web app as the fallback for client-side routes.
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

  const email = createEmailService({
    db,
    provider: providers.email,
    from: config.email.from,
    outboxDir: config.email.outboxDir,
    log: app.log,
  });
  app.decorate('services', { email });

  const accountsRepository = createAccountsRepository(db);
  const invites = createInvitesService({ repository: createInvitesRepository(db) });
  const loyalty = createLoyaltyService();
  const accounts = createAccountsService({
    repository: accountsRepository,
    storage: providers.storage,
    email,
    publicUrl: config.publicUrl,
    log: app.log,
    awardDailyLogin: (userId) => db.transaction((tx) => loyalty.recordDailyLogin(tx, userId)),
    // The Kit service is made below; it needs the accounts service for its access checks.
    clearDemoWork: (userId) => kit.clearPresets(userId),
    invites,
  });
  await app.register(accountsRoutes, { service: accounts });
  await app.register(invitesRoutes, { service: invites });
  await app.register(accountFunctionsRoutes, { service: accounts });
  await app.register(playerRoutes, {
    service: createPlayerService({
      db,
      storage: providers.storage,
      streamSecret: deps.secrets.media,
      loyalty,
      firstListens: config.firstListens,
    }),
  });
  await app.register(followsRoutes, { service: createFollowsService({ db }) });
  const catalogue = createCatalogueService({
    db,
    storage: providers.storage,
    chartCacheMs: config.chartCacheMs,
    chartWindowDays: config.chartWindowDays,
    firstListens: config.firstListens,
  });
  await app.register(catalogueRoutes, { service: catalogue });
  await app.register(chartMethodRoutes, { service: catalogue });
  await app.register(loyaltyRoutes, { db, loyalty });
  await app.register(forumRoutes, { service: createForumService({ db, storage: providers.storage }) });
  const tracksRepository = createTracksRepository(db);
  await app.register(tracksRoutes, {
    service: createTracksService({
      db,
      repository: tracksRepository,
      storage: providers.storage,
      coverArt: providers.coverArt,
      log: app.log,
    }),
  });
  const payments = createPaymentProvider(config, {
    db,
    sessionSecret: deps.secrets.session,
    afterLocalPay: scheduleLocalDelivery,
  });
  const paymentsRepository = createPaymentsRepository(db);
  const paymentsService = createPaymentsService({
    repository: paymentsRepository,
    provider: payments,
    log: app.log,
  });
  const billing = createBillingService({
    repository: paymentsRepository,
    payments: paymentsService,
    provider: payments,
    accounts,
    publicUrl: config.publicUrl,
  });
  await app.register(billingRoutes, { service: billing });
  await app.register(stripeWebhookRoutes, { provider: payments, service: paymentsService });
  const checkout = createCheckoutService({
    repository: paymentsRepository,
    accounts,
    provider: payments,
    trustedOrigins: config.trustedOrigins,
    log: app.log,
  });
  await app.register(checkoutRoutes, { service: checkout });
  await app.register(checkoutUserRoutes, { service: checkout });
  const localDelivery = isLocalPayments(payments) ? createLocalDelivery(app, payments) : undefined;
  if (isLocalPayments(payments) && localDelivery) {
    await app.register(localCheckoutRoutes, {
      service: createLocalCheckoutService({ provider: payments, deliver: localDelivery.deliver }),
    });
    await app.register(localBillingRoutes, {
      service: billing,
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
    });
  }
  const packsRepository = createKlangPacksRepository(db);
  app.decorate('jobHandlers', {
    [APPLY_PAYMENT_EVENT_JOB]: createApplyPaymentEventHandler(paymentsService),
    [DISCARD_CHECKOUT_USER_JOB]: createDiscardCheckoutUserHandler((id) =>
      accounts.discardTemporaryAccount(id),
    ),
    [SWEEP_CHECKOUT_USERS_JOB]: createSweepCheckoutUsersHandler({
      repository: paymentsRepository,
      discard: (id) => accounts.discardTemporaryAccount(id),
      log: app.log,
    }),
    [EXPIRE_ENTITLEMENTS_JOB]: createExpireEntitlementsHandler({
      repository: paymentsRepository,
      payments: paymentsService,
      log: app.log,
    }),
    [BILLING_EMAIL_JOB]: createBillingEmailHandler({
      repository: paymentsRepository,
      email,
      publicUrl: config.publicUrl,
    }),
    ...(localDelivery && {
      [LOCAL_DELIVERY_JOB]: localDelivery.handler,
      [LOCAL_BILLING_CLOCK_JOB]: localDelivery.clockHandler,
    }),
    ...createCatalogueJobHandlers({ windowDays: config.chartWindowDays }),
    [DISCARD_UNCLAIMED_JOB]: createDiscardUnclaimedHandler({
      repository: tracksRepository,
      storage: providers.storage,
    }),
    [PROCESS_TRACK_JOB]: createProcessTrackHandler({
      db,
      repository: tracksRepository,
      storage: providers.storage,
      log: app.log,
    }),
    ...createPackJobHandlers({
      repository: packsRepository,
      storage: providers.storage,
      engine: providers.packs,
      checkIntervalMs: config.packs.checkIntervalMs,
      giveUpAfterMs: 60 * 60_000,
      log: app.log,
    }),
  });
  const kit = createKitService({
    db,
    storage: providers.storage,
    soundFx: providers.soundFx,
    tts: providers.tts,
    loadAccess: (accountId) => accounts.session(accountId),
    log: app.log,
  });
  await app.register(kitRoutes, { service: kit });
  await registerTutor(app, { providers, kit, catalogue, accounts, secrets: deps.secrets });
  await app.register(klangPacksRoutes, {
    service: createKlangPacksService({
      repository: packsRepository,
      storage: providers.storage,
      engine: providers.packs,
      kit,
      log: app.log,
    }),
  });
  if (config.packs.kind === 'replicate' && config.packs.webhookSecret) {
    await app.register(replicateWebhookRoutes, {
      secret: config.packs.webhookSecret,
      repository: packsRepository,
    });
  }
  await app.register(healthRoutes, {
    repository: createHealthRepository(db),
    readiness: deps.readiness ?? createReadiness('serving'),
    // The payment provider is made here, not in registry.ts (it needs the database).
    providers: { ...describeProviders(providers), payments: payments.name },
  });
  await app.register(analyticsRoutes, {
    service: createAnalyticsService({ repository: createAnalyticsRepository(db) }),
  });
  await app.register(hooksRoutes, {
    service: createHooksService({ repository: createHooksRepository(db) }),
  });
  await app.register(formsRoutes, {
    captcha: providers.captcha,
    service: createFormsService({
      repository: createFormsRepository(db),
      captcha: providers.captcha,
      email,
      teamEmail: config.teamEmail,
    }),
  });
  await app.register(subscribersRoutes, {
    service: createSubscribersService({ repository: createSubscribersRepository(db) }),
  });
  await app.register(demoTracksRoutes, {
    service: createDemoTracksService({
      repository: createDemoTracksRepository(db),
      storage: providers.storage,
    }),
  });
  await app.register(streamRoutes, { storage: providers.storage, signingSecret: deps.secrets.media });
  if (config.storage.kind === 'local') {
    await app.register(mediaRoutes, { dir: config.storage.dir, signingSecret: deps.secrets.media });
  }
  if (providers.email.name === 'local' && config.devMailbox) {
    await app.register(mailboxRoutes, { db, outboxDir: config.email.outboxDir });
  }

  await app.register(webAppPlugin, {
    ...(deps.webDistDir !== undefined && { distDir: deps.webDistDir }),
    shareCardFor: (pathname) => catalogue.shareCard(pathname, config.publicUrl),
  });
  app.setNotFoundHandler((request, reply) => {
    if (app.serveWebApp?.(request, reply)) return reply;
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound, requestId: request.id } });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: { email: ReturnType<typeof createEmailService> };
    /** The background work the areas define, by job kind; main.ts hands them to the job runner. */
    jobHandlers: Record<string, JobHandler>;
  }
}
