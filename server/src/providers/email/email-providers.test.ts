import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, unreachableSmtpUrl } from '../../test/smtp-catcher';
import { createLocalEmail } from './local-email';
import { createSmtpEmail } from './smtp-email';

const message = {
  from: 'Klang <hello@klang.local>',
  to: 'listener@example.com',
  subject: 'Welcome to Klang – ünïcode',
  text: 'Confirm your address: http://localhost:3000/confirm?token=abc\n\n.\nA line with only a dot above.',
  html: '<p>Confirm <a href="http://localhost:3000/confirm?token=abc">here</a></p>',
};

describe('local email provider', () => {
  it('renders an RFC 822 message with unix line endings and a Message-ID', async () => {
    const sent = await createLocalEmail().send(message);
    const raw = sent.raw.toString('utf8');
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(raw).toContain(`Message-ID: ${sent.messageId}`);
    expect(raw).toContain('From: Klang <hello@klang.local>');
    expect(raw).toContain('To: listener@example.com');
    expect(raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(raw).toContain('multipart/alternative');
    expect(raw).not.toContain('\r\n');
  });
});

describe('SMTP email provider', () => {
  let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(async () => {
    await catcher.close();
  });

  it('delivers the message it returns, to the right envelope', async () => {
    const provider = createSmtpEmail({ url: catcher.url });
    const sent = await provider.send(message);
    provider.close?.();

    expect(catcher.messages).toHaveLength(1);
    const caught = catcher.messages[0];
    expect(caught?.from).toBe('hello@klang.local');
    expect(caught?.to).toEqual(['listener@example.com']);
    expect(caught?.raw).toContain(`Message-ID: ${sent.messageId}`);
    // The outbox copy is the delivered message, line endings aside.
    expect(caught?.raw.replace(/\r\n/g, '\n').trimEnd()).toBe(sent.raw.toString('utf8').trimEnd());
  });

  it('rejects when the server cannot be reached', async () => {
    const provider = createSmtpEmail({ url: await unreachableSmtpUrl() });
    await expect(provider.send(message)).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});
