import nodemailer from 'nodemailer';
import type { OutgoingEmail } from './email';

export interface ComposedEmail {
  messageId: string;
  envelope: { from: string; to: string[] };
  /** RFC 822 bytes with unix line endings, as kept in the outbox (.eml). */
  raw: Buffer;
}

// Builds messages only; nothing leaves the process through this transport.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** Renders one message to RFC 822 with nodemailer, so every provider keeps the same .eml. */
export async function composeEmail(message: OutgoingEmail): Promise<ComposedEmail> {
  const info = await composer.sendMail({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined && { html: message.html }),
  });
  if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not buffer the message');
  const { from, to } = info.envelope;
  if (!from || to.length === 0) throw new Error('the message needs a sender and at least one recipient');
  return { messageId: info.messageId, envelope: { from, to }, raw: info.message };
}
