import nodemailer from 'nodemailer';
import { composeEmail } from './compose-message';
import type { EmailProvider } from './email';

export interface SmtpEmailOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; nodemailer options may ride in the query (`?ignoreTLS=true`). */
  url: string;
}

/**
 * Delivers through an SMTP server. The message is composed once and sent as those exact
 * bytes, so the .eml in the outbox is what the server received.
 */
export function createSmtpEmail(options: SmtpEmailOptions): EmailProvider {
  const transport = nodemailer.createTransport({
    url: options.url,
    // nodemailer waits two minutes for a silent host by default; a request should not.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      const composed = await composeEmail(message);
      await transport.sendMail({ envelope: composed.envelope, raw: composed.raw });
      return { messageId: composed.messageId, raw: composed.raw };
    },
    close() {
      transport.close();
    },
  };
}
