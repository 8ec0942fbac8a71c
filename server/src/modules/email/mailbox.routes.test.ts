import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { errorsPlugin } from '../../plugins/errors';
import { createLocalEmail } from '../../providers/email/local-email';
import { createTestDatabase } from '../../test/database';
import { createEmailService, createOutboxReader } from './email.service';
import { isLoopbackAddress } from '../../lib/loopback';
import { mailboxRoutes } from './mailbox.routes';

let db: Db & { drop(): Promise<void> };
let outboxDir: string;
let app: FastifyInstance;
let emailId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'klang-mailbox-'));
  const service = createEmailService({
    db,
    provider: createLocalEmail(),
    from: 'Klang <hello@klang.local>',
    outboxDir,
  });
  await service.send({ template: 'welcome', to: 'old@example.com', subject: 'Older', text: 'first' });
  ({ emailId } = await service.send({
    template: 'verify-email',
    to: 'a@example.com',
    subject: 'Confirm <b>your</b> "address"',
    text: 'Open http://localhost:3000/verify?token=a&b=<x>. Or ignore this <script>alert(1)</script>.',
    html: '<p>Confirm</p>',
  }));
  app = Fastify({ trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(mailboxRoutes, { outbox: createOutboxReader({ db, outboxDir }) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.drop();
  await rm(outboxDir, { recursive: true, force: true });
});

describe('mailbox on loopback', () => {
  it('lists emails as JSON, newest first', async () => {
    const response = await app.inject({ url: '/api/email/mailbox', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    const emails = response.json<{ id: string; subject: string }[]>();
    expect(emails.map((e) => e.subject)).toEqual(['Confirm <b>your</b> "address"', 'Older']);
    expect(emails[0]).toMatchObject({
      id: emailId,
      to: 'a@example.com',
      from: 'Klang <hello@klang.local>',
      template: 'verify-email',
      status: 'sent',
      html: '<p>Confirm</p>',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(
      (await app.inject({ url: '/api/email/mailbox?limit=1', remoteAddress: '::1' })).json(),
    ).toHaveLength(1);
  });

  it('serves the raw message as message/rfc822', async () => {
    const response = await app.inject({
      url: `/api/email/mailbox/${emailId}/raw`,
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('message/rfc822');
    expect(response.body).toContain('To: a@example.com');
    const missing = await app.inject({
      url: '/api/email/mailbox/00000000-0000-4000-8000-000000000000/raw',
      remoteAddress: '127.0.0.1',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('renders an escaped page with clickable links and no script', async () => {
    const response = await app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Confirm &lt;b&gt;your&lt;/b&gt; &quot;address&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="http://localhost:3000/verify?token=a&amp;b=" rel="noreferrer">');
    expect(html).toContain('a@example.com');
    expect(html).toContain(`/api/email/mailbox/${emailId}/raw`);
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!localhost:3000\/verify)/);
  });
});

describe('mailbox from elsewhere', () => {
  it.each(['/api/email/mailbox', '/api/email/mailbox/:id/raw', '/dev/mailbox'])(
    '%s is a 404 for a non-loopback socket, whatever X-Forwarded-For says',
    async (route) => {
      const url = route.replace(':id', emailId);
      expect((await app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
        const response = await app.inject({
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('example.com');
      }
    },
  );
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.1.2.3', true],
    ['128.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::2', false],
    ['127.0.0.1.evil', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
