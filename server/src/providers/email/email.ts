/** One message as the email provider sends it. */
export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentEmail {
  messageId: string;
  /** The message as RFC 822 bytes, kept in the outbox as an .eml file. */
  raw: Buffer;
}

/**
 * Sends email. The local provider keeps every message (outbox table and .eml files, shown at
 * /dev/mailbox); the SMTP provider delivers it through a configured server.
 */
export interface EmailProvider {
  readonly name: 'local' | 'smtp';
  send(message: OutgoingEmail): Promise<SentEmail>;
  close?(): void;
}
