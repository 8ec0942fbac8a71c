import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createLocalEmail } from '../../providers/email/local-email';
import { createSmtpEmail } from '../../providers/email/smtp-email';
import { createTestDatabase } from '../../test/database';
import { startSmtpCatcher, unreachableSmtpUrl } from '../../test/smtp-catcher';
import { createEmailService } from './email.service';

let db: Db & { drop(): Promise<void> };
let outboxDir: string;
const from = 'Klang <hello@klang.local>';
const clock = () => new Date('2026-11-02T08:30:00Z');
const welcome = {
  template: 'welcome',
  to: 'new@example.com',
  subject: 'Welcome to Klang',
  text: 'Hello and welcome.',
  html: '<p>Hello and welcome.</p>',
};

beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'klang-outbox-'));
});
afterAll(async () => {
  await db.drop();
  await rm(outboxDir, { recursive: true, force: true });
});

describe('email service', () => {
  it('keeps a row and an .eml for the local provider', async () => {
    const service = createEmailService({ db, provider: createLocalEmail(), from, outboxDir, clock });
    const { emailId } = await service.send(welcome);

    const email = await service.get(emailId);
    expect(email).toMatchObject({
      template: 'welcome',
      to: 'new@example.com',
      from,
      status: 'sent',
      provider: 'local',
      attempts: 1,
      lastError: null,
      emlPath: `2026-11-02/${emailId}.eml`,
    });
    expect(email?.messageId).toMatch(/^<.+>$/);
    expect(email?.sentAt).toBeInstanceOf(Date);
    const eml = await readFile(path.join(outboxDir, '2026-11-02', `${emailId}.eml`), 'utf8');
    expect(eml).toContain('Subject: Welcome to Klang');
    expect(eml).toContain('To: new@example.com');
    expect((await service.readRaw(emailId))?.toString('utf8')).toBe(eml);
    expect((await service.list(10)).map((e) => e.id)).toContain(emailId);
  });

  it('keeps an unreachable SMTP message queued with the error, and delivers it on a later try', async () => {
    const down = createEmailService({
      db,
      provider: createSmtpEmail({ url: await unreachableSmtpUrl() }),
      from,
      outboxDir,
      clock,
    });
    const { emailId } = await down.send({ ...welcome, to: 'later@example.com' });
    expect(await down.get(emailId)).toMatchObject({
      status: 'queued',
      provider: 'smtp',
      attempts: 1,
      messageId: null,
      emlPath: null,
      sentAt: null,
    });
    expect((await down.get(emailId))?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const catcher = await startSmtpCatcher();
    try {
      const up = createEmailService({
        db,
        provider: createSmtpEmail({ url: catcher.url }),
        from,
        outboxDir,
        clock,
      });
      expect(await up.deliverQueued(emailId)).toBe('sent');
      expect(await up.deliverQueued(emailId)).toBe('not-queued');
      expect(catcher.messages).toHaveLength(1);
      expect(catcher.messages[0]?.to).toEqual(['later@example.com']);
      expect(await up.get(emailId)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await catcher.close();
    }
  });

  it('lists newest first and ignores ids that are not ids', async () => {
    const service = createEmailService({ db, provider: createLocalEmail(), from, outboxDir, clock });
    const first = await service.send({ ...welcome, subject: 'first' });
    const second = await service.send({ ...welcome, subject: 'second' });
    const ids = (await service.list(50)).map((e) => e.id);
    expect(ids.indexOf(second.emailId)).toBeLessThan(ids.indexOf(first.emailId));
    expect(await service.get('not-a-uuid')).toBeUndefined();
    expect(await service.readRaw("'; drop table email_outbox; --")).toBeUndefined();
  });
});
