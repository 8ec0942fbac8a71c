import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createLocalEmail } from '../../providers/email/local-email';
import { createSmtpEmail } from '../../providers/email/smtp-email';
import { createTestDatabase } from '../../test/database';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { createEmailJobKinds, EMAIL_DELIVER_JOB } from './email.jobs';
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

  describe('retries', () => {
    const start = new Date('2026-11-02T08:30:00Z');
    let now = start;
    const minutesSinceStart = () => (now.getTime() - start.getTime()) / 60_000;

    async function smtpService(catcher: { url: string }) {
      now = start;
      const service = createEmailService({
        db,
        provider: createSmtpEmail({ url: catcher.url }),
        from,
        outboxDir,
        clock: () => now,
      });
      const deliver = createEmailJobKinds(service)[EMAIL_DELIVER_JOB]?.run;
      if (!deliver) throw new Error('the email area registers no delivery job');
      /**
       * Runs the message's earliest queued delivery job as the runner would once it is due: the
       * clock moves to its time. False when no job is left for the message.
       */
      const wakeNext = async (emailId: string) => {
        const [job] = await db.query<{ id: string; payload: unknown; run_at: Date }>(
          `delete from jobs where id = (
             select id from jobs where kind = $1 and status = 'queued' and payload->>'emailId' = $2
             order by run_at limit 1)
           returning id, payload, run_at`,
          [EMAIL_DELIVER_JOB, emailId],
        );
        if (!job) return false;
        now = new Date(job.run_at);
        await deliver(
          { id: job.id, kind: EMAIL_DELIVER_JOB, payload: job.payload, attempts: 1, maxAttempts: 5 },
          { db },
        );
        return true;
      };
      return { service, wakeNext };
    }

    it('delivers exactly once a message the SMTP server refuses twice, through the queue', async () => {
      const catcher = await startSmtpCatcher({ refuseFirst: 2 });
      try {
        const { service, wakeNext } = await smtpService(catcher);
        const { emailId } = await service.send({ ...welcome, to: 'later@example.com' });
        expect(await service.get(emailId)).toMatchObject({
          status: 'queued',
          attempts: 1,
          messageId: null,
          nextTryAt: new Date(start.getTime() + 60_000),
        });
        expect((await service.get(emailId))?.lastError).toMatch(/try again later/);

        // Each wake: its minute and the tries made by then.
        const wakes: [number, number | undefined][] = [];
        while (await wakeNext(emailId))
          wakes.push([minutesSinceStart(), (await service.get(emailId))?.attempts]);
        // The retry after 1 minute, the first try's safety wake (nothing due), the retry 5 minutes later.
        expect(wakes).toEqual([
          [1, 2],
          [2, 2],
          [6, 3],
        ]);
        expect(catcher.refused()).toBe(2);
        expect(catcher.messages).toHaveLength(1);
        expect(catcher.messages[0]?.to).toEqual(['later@example.com']);
        expect(await service.get(emailId)).toMatchObject({
          status: 'sent',
          attempts: 3,
          lastError: null,
          nextTryAt: null,
        });
        expect(await service.deliverQueued(emailId)).toBe('not-queued');
        expect(catcher.messages).toHaveLength(1);
      } finally {
        await catcher.close();
      }
    });

    it('gives a message up with the reason once a day has passed since its first try', async () => {
      const catcher = await startSmtpCatcher({ refuseFirst: Infinity });
      try {
        const { service, wakeNext } = await smtpService(catcher);
        const { emailId } = await service.send({ ...welcome, to: 'never@example.com' });
        const tries = [0];
        while (await wakeNext(emailId)) {
          const attempts = (await service.get(emailId))?.attempts ?? 0;
          if (attempts > tries.length) tries.push(minutesSinceStart());
        }
        // 1, 5, 30 minutes, 2 hours, then every 6 hours; the last try at the day's end.
        expect(tries).toEqual([0, 1, 6, 36, 156, 516, 876, 1236, 1440]);
        expect(catcher.messages).toHaveLength(0);
        const email = await service.get(emailId);
        expect(email).toMatchObject({ status: 'failed', attempts: 9, nextTryAt: null });
        expect(email?.lastError).toMatch(/^not delivered within a day \(9 tries\): .*try again later/);
        expect(await service.deliverQueued(emailId)).toBe('not-queued');
      } finally {
        await catcher.close();
      }
    });

    it('gives a message up at once when the server refuses it for good', async () => {
      const catcher = await startSmtpCatcher({ refuseFirst: Infinity, refuseWith: 550 });
      try {
        const { service, wakeNext } = await smtpService(catcher);
        const { emailId } = await service.send({ ...welcome, to: 'nobody@example.com' });
        expect(await service.get(emailId)).toMatchObject({ status: 'failed', attempts: 1 });
        expect((await service.get(emailId))?.lastError).toMatch(/^refused by the mail server: /);
        while (await wakeNext(emailId)) {
          /* the safety wake finds nothing to send */
        }
        expect(catcher.refused()).toBe(1);
      } finally {
        await catcher.close();
      }
    });
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
