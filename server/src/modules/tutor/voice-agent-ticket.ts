import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a ticket lets its holder open the agent socket: long enough to connect, no longer. */
export const TICKET_SECONDS = 60;

/**
 * The local agent's signed URL carries a ticket (the `conversation_signature` parameter, as an
 * ElevenLabs signed URL does): the account and an expiry, signed with the server's secret. A
 * WebSocket opened by the SDK cannot carry headers, and this keeps the socket to one account.
 */
export function createTicketSigner(secret: string, now: () => number = Date.now) {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(`voice-agent:${payload}`).digest('base64url');
  return {
    issue(accountId: string): string {
      const payload = `${accountId}.${Math.floor(now() / 1000) + TICKET_SECONDS}`;
      return `${Buffer.from(payload).toString('base64url')}.${sign(payload)}`;
    },
    /** The account a valid, unexpired ticket was issued to; null otherwise. */
    verify(ticket: string): string | null {
      const [encoded, signature] = ticket.split('.');
      if (!encoded || !signature) return null;
      const payload = Buffer.from(encoded, 'base64url').toString();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const dot = payload.lastIndexOf('.');
      const expires = Number(payload.slice(dot + 1));
      if (!Number.isFinite(expires) || expires * 1000 < now()) return null;
      return payload.slice(0, dot);
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
