import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, healthResponseSchema, MESSAGES } from '@klang/domain';
import { AppError } from './errors';
import { createTestApp, type TestApp } from './test/app';
import { uploadDecoder } from './providers/audio/upload-decoder';

describe('the application shell of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = path.join(process.env.TMPDIR ?? '/tmp', `klang-web-${process.pid}-${Date.now()}`);
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Klang</title><link rel="preload" href="/hero.webp" data-landing-only><div id="root"></div>',
    );
    await writeFile(
      path.join(webDist, 'app.html'),
      '<!doctype html><title>Klang</title><div id="root"></div>',
    );
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp(
      {},
      {
        webDistDir: webDist,
        extend(app) {
          app.get('/api/test/boom', () => {
            throw new Error('connection string postgres://secret@db leaked');
          });
          app.get('/api/test/forbidden', () => {
            throw new AppError('FORBIDDEN', MESSAGES.accessDenied);
          });
          // As contractRoute registers an entry whose policy speaks the functions' dialect.
          app.post(
            '/functions/v1/test-fn',
            { schema: { body: z.object({ trackId: z.uuid() }) }, config: { errorDialect: 'function' } },
            () => ({ ok: true }),
          );
          app.get('/api/test/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, () => ({
            ok: true,
          }));
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the database kind and every provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body).toEqual({
      status: 'ok',
      database: t.db.kind,
      databaseReachable: true,
      dealMonthsReady: true,
      providers: {
        storage: 'local',
        email: 'local',
        captcha: 'altcha',
        coverArt: 'local',
        soundFx: 'local',
        tts: 'espeak-ng',
        payments: 'local',
        klangPacks: 'local',
        llm: 'local-tutor',
        // The keys these three had before decision 0301, for an operator's older checks.
        images: 'local',
        sfx: 'local',
        packs: 'local',
        voiceAgent: 'local (speech-to-text: none)',
        decoder: uploadDecoder().name,
      },
    });
  });

  it('lets the page reach the S3 storage origin when S3 holds the media', async () => {
    const s3 = await createTestApp({
      S3_BUCKET: 'klang',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'https://media.example.test',
    });
    try {
      const res = await s3.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of ['img-src', 'media-src', 'connect-src']) {
        expect(csp).toMatch(new RegExp(`${directive} [^;]*https://media\\.example\\.test`));
      }
    } finally {
      await s3.close();
    }
  });

  it('sends security headers and a CSP that fits the single-page app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    // The rest of Helmet's set, the same on every response (a 404 too).
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    for (const headers of [res.headers, missing.headers]) {
      expect(headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-permitted-cross-domain-policies': 'none',
        'x-dns-prefetch-control': 'off',
        'x-xss-protection': '0',
      });
      expect(headers['content-security-policy']).toBe(csp);
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  it("lets any site frame a share's embedded player, and nothing else", async () => {
    const token = 'A'.repeat(22);
    const embed = await t.app.inject({ method: 'GET', url: `/embed/${token}?theme=dark` });
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of [`/s/${token}`, `/embed/${token}/x`, `/embed/../api/health`, '/embed/short'])
      expect(
        String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']),
        url,
      ).toContain("frame-ancestors 'none'");
  });

  it('hides internal detail of a 500 and gives the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres://');
    const body = errorBodySchema.parse(res.json());
    expect(body.error).toMatchObject({ code: 'INTERNAL', message: MESSAGES.internalError });
    expect(body.error.requestId).toBe(res.headers['request-id'] ?? body.error.requestId);
  });

  it('answers an AppError with its status, code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/forbidden' });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Access denied',
    });
  });

  it("keeps the documented error body of the spec's functions where the route says so, naming the bad field", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/test-fn',
      payload: { trackId: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(typeof body.error).toBe('string');
    expect(Object.keys(body.fields)).toContain('trackId');
  });

  it('answers bad JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('limits a rate-limited route with a 429 and Retry-After after exactly max requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorBodySchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');
  });

  it('serves index.html for client routes and a JSON 404 for unknown API paths', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/how-it-works',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(errorBodySchema.parse(api.json()).error.code).toBe('NOT_FOUND');
  });

  it("sends the landing's preloads to the landing page only", async () => {
    const html = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect((await html('/')).body).toContain('data-landing-only');
    for (const url of ['/player', '/charts?genre=Pop', '/how-it-works']) {
      const page = await html(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain('data-landing-only');
    }
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
    expect(doc.paths['/api/analytics/events']).toBeDefined();
  });

  it('names every job kind <area>.<verb>, the area being the module that registers it', async () => {
    const areas = (await readdir(path.join(import.meta.dirname, 'modules'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const misnamed = Object.keys(t.app.jobKinds).filter((kind) => {
      const [area = '', verb = '', ...rest] = kind.split('.');
      return !areas.includes(area) || !/^[a-z]+(-[a-z]+)*$/.test(verb) || rest.length > 0;
    });
    expect(misnamed).toEqual([]);
  });

  it("registers every area's job kinds in their lanes, spelled as the jobs rows store them, and its periodic requests", () => {
    // With the local payment provider (the default), its delivery and billing clock included.
    const lanes = Object.fromEntries(Object.entries(t.app.jobKinds).map(([kind, { lane }]) => [kind, lane]));
    expect(lanes).toEqual({
      'analytics.look-at-ab-tests': 'short',
      'catalogue.refresh-verdicts': 'short',
      'catalogue.write-snapshot': 'short',
      'email.deliver': 'email',
      'follows.send-digests': 'email',
      'klang-packs.check': 'short',
      'klang-packs.discard-photo': 'short',
      'klang-packs.train': 'media',
      'payments.apply-event': 'payments',
      'payments.billing-email': 'email',
      'payments.discard-checkout-user': 'payments',
      'payments.expire-entitlements': 'payments',
      'payments.local-billing-clock': 'payments',
      'payments.local-deliver': 'payments',
      'payments.sweep-checkout-users': 'payments',
      'player.credit-listening': 'short',
      'player.deliver-to-followers': 'short',
      'player.prepare-deal-months': 'short',
      'player.roll-up-deal-months': 'short',
      'tracks.discard-unclaimed': 'short',
      'tracks.measure-sound': 'media',
      'tracks.process': 'media',
      'tracks.rank-energy': 'short',
    });
    expect(Object.keys(t.app.periodicJobs).sort()).toEqual([
      'A/B test look',
      'chart snapshot',
      'chart verdict',
      'daily payments jobs',
      'deal months',
      'follow deliveries',
      'follow digests',
      'local billing clock',
      'sound backfill',
    ]);
  });
});

describe('analytics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('records a page view without its query string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: {
        name: 'page_view',
        path: '/unsubscribe?email=someone@example.com',
        visitorId: crypto.randomUUID(),
      },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.query<{ path: string }>(
      `select path from analytics_events where name = 'page_view'`,
    );
    expect(rows).toEqual([{ path: '/unsubscribe' }]);
  });

  it('refuses an unknown event and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'tracking_pixel', path: '/' },
    });
    expect(res.statusCode).toBe(400);
    const rows = await t.db.query<{ n: number }>(
      `select count(*)::int as n from analytics_events where name <> 'page_view'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
