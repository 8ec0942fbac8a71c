import { randomBytes } from 'node:crypto';
import {
  INVITE_MESSAGES,
  INVITES_PER_LISTENER,
  inviteTokenSchema,
  type InvitePreview,
  type ListenerInvites,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import type { InvitesRepository } from './invites.repository';

function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Listener invites (product-decisions.md Invites): five personal links per listener, each good for one
 * listener signup that records who invited. The signup itself stays open without a link.
 */
export function createInvitesService(deps: { repository: InvitesRepository }) {
  const { repository } = deps;

  return {
    /** The signed-in listener's five links, made on first look. */
    async listFor(account: SessionAccount): Promise<ListenerInvites> {
      if (!(await repository.isListener(account.id)))
        throw new AppError('FORBIDDEN', INVITE_MESSAGES.listenersOnly);
      let rows = await repository.list(account.id);
      if (rows.length < INVITES_PER_LISTENER) {
        const taken = new Set(rows.map((row) => row.slot));
        const missing = Array.from({ length: INVITES_PER_LISTENER }, (_, i) => i + 1)
          .filter((slot) => !taken.has(slot))
          .map((slot) => ({ slot, token: newInviteToken() }));
        await repository.addMissingSlots(account.id, missing);
        rows = await repository.list(account.id);
      }
      return {
        remaining: rows.filter((row) => row.redeemed_at === null).length,
        invites: rows.map((row) => ({
          slot: row.slot,
          token: row.token,
          redeemedAt: row.redeemed_at ? new Date(row.redeemed_at).toISOString() : null,
          redeemedBy: row.redeemed_by_username,
        })),
      };
    },

    /**
     * Refuses a token that is not an open listener invite, with the message the signup screen
     * shows: malformed and unknown tokens read as not valid, a redeemed one as used.
     */
    async assertOpen(token: string): Promise<InvitePreview> {
      if (!inviteTokenSchema.safeParse(token).success) {
        throw new AppError('NOT_FOUND', INVITE_MESSAGES.invalid, { inviteToken: INVITE_MESSAGES.invalid });
      }
      const found = await repository.state(token);
      switch (found.state) {
        case 'open':
          return { inviterUsername: found.inviterUsername };
        case 'used':
          throw new AppError('CONFLICT', INVITE_MESSAGES.used, { inviteToken: INVITE_MESSAGES.used });
        case 'unknown':
          throw new AppError('NOT_FOUND', INVITE_MESSAGES.invalid, { inviteToken: INVITE_MESSAGES.invalid });
      }
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
