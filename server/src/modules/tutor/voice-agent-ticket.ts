import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a ticket lets its holder open the agent socket: long enough to connect, no longer. */
export const TICKET_SECONDS = 60;

/**
 * The local agent's signed URL carries a ticket (the `conversation_signature` parameter, as an
 * ElevenLabs signed URL does): the account, a random nonce and an expiry, signed with the
 * server's secret. A WebSocket opened by the SDK cannot carry headers, and this keeps the socket
 * to one account. A ticket opens one socket (decision 0259): its nonce is remembered until it
 * expires, so a URL read from a log or a screen opens nothing more.
 */
export function createTicketSigner(secret: string, now: () => number = Date.now) {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(`voice-agent:${payload}`).digest('base64url');
  /** The nonces of redeemed tickets, with when each ticket expires (ms). */
  const redeemed = new Map<string, number>();

  return {
    issue(accountId: string): string {
      const nonce = randomBytes(12).toString('base64url');
      const payload = `${accountId}.${nonce}.${Math.floor(now() / 1000) + TICKET_SECONDS}`;
      return `${Buffer.from(payload).toString('base64url')}.${sign(payload)}`;
    },

    /** The account of a valid, unexpired ticket not redeemed before; null otherwise. One use. */
    redeem(ticket: string): string | null {
      const [encoded, signature] = ticket.split('.');
      if (!encoded || !signature) return null;
      const payload = Buffer.from(encoded, 'base64url').toString();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const parts = payload.split('.');
      const expiresMs = Number(parts.pop()) * 1000;
      const nonce = parts.pop();
      const at = now();
      if (!nonce || !Number.isFinite(expiresMs) || expiresMs < at) return null;
      for (const [seen, until] of redeemed) if (until < at) redeemed.delete(seen);
      if (redeemed.has(nonce)) return null;
      redeemed.set(nonce, expiresMs);
      return parts.join('.');
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
