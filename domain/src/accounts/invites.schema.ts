import { z } from 'zod';

/** Each listener's invites (FAQ, product-decisions.md Invites): five personal links, each good for one signup. */
export const INVITES_PER_LISTENER = 5;

/** The query parameter of an invite link: `/signup/listener?invite=<token>`. */
export const INVITE_QUERY_PARAMETER = 'invite';

/** 32 random bytes in base64url; anything else is refused before the database is asked. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/);

export const INVITE_MESSAGES = {
  invalid: 'This invite link is not valid. Check the link, or create your account without it.',
  used: 'This invite has already been used. Ask for another link, or create your account without it.',
  listenersOnly: 'Invites belong to listener accounts.',
  copied: 'Invite link copied',
} as const;

export const listenerInviteSchema = z.object({
  /** The slot, 1 to 5: stable across reloads, so the list does not reorder. */
  slot: z.number().int().min(1).max(INVITES_PER_LISTENER),
  token: z.string(),
  /** When a signup used it; null while it is open. */
  redeemedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The username of the listener who joined with it, while that account exists. */
  redeemedBy: z.string().nullable(),
});
export type ListenerInvite = z.infer<typeof listenerInviteSchema>;

export const listenerInvitesSchema = z.object({
  /** Open invites left. */
  remaining: z.number().int().min(0).max(INVITES_PER_LISTENER),
  invites: z.array(listenerInviteSchema),
});
export type ListenerInvites = z.infer<typeof listenerInvitesSchema>;

/** What the signup screen shows about an invite link before the visitor signs up. */
export const invitePreviewSchema = z.object({ inviterUsername: z.string() });
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
