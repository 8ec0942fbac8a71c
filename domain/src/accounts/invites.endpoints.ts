import { z } from 'zod';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import { invitePreviewSchema, listenerInvitesSchema } from './invites.schema';

/** A listener's invite links, and what an invite link says before signup (decision 0120). */
export const invitesEndpoints = defineEndpoints({
  listenerInvites: endpoint({
    method: 'GET',
    path: '/api/accounts/invites',
    policy: { access: 'session', limit: null, cache: 'private, no-store' },
    response: { 200: listenerInvitesSchema },
    tags: ['accounts'],
    summary: "The signed-in listener's five invite links and how many are left",
  }),
  invitePreview: endpoint({
    method: 'GET',
    path: '/api/accounts/invites/:token',
    // Tokens are 256 random bits; the limit keeps a script from even trying.
    policy: { access: 'public', limit: perAddress(30, '1 minute'), cache: 'private, no-store' },
    params: z.object({ token: z.string().max(128) }),
    response: { 200: invitePreviewSchema },
    tags: ['accounts'],
    summary: 'Who an open invite link is from, for the listener signup screen',
  }),
});
