import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMessage {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface CatcherOptions {
  /** Refuse the message body of the first this many messages (all, with Infinity). */
  refuseFirst?: number;
  /** The SMTP code they are refused with: 451 (try again later) by default, 5xx for good. */
  refuseWith?: number;
}

/**
 * A real SMTP server on 127.0.0.1 (port chosen by the system) that keeps what it receives,
 * for testing the SMTP provider. No TLS and no authentication, as a local catcher would be.
 * `refused` counts the messages it turned away.
 */
export async function startSmtpCatcher(options: CatcherOptions = {}): Promise<{
  url: string;
  messages: CaughtMessage[];
  refused: () => number;
  close(): Promise<void>;
}> {
  const messages: CaughtMessage[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < (options.refuseFirst ?? 0)) {
          refused += 1;
          const refusal = Object.assign(new Error('mailbox busy, try again later'), {
            responseCode: options.refuseWith ?? 451,
          });
          callback(refusal);
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** An SMTP URL nothing listens on: connecting is refused at once. */
export async function unreachableSmtpUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => {
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    probe.close(() => {
      resolve();
    });
  });
  return `smtp://127.0.0.1:${port}`;
}
