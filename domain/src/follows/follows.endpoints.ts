import { defineEndpoints, endpoint } from '../contract/endpoint';
import { ACCOUNT_MESSAGES } from '../accounts/accounts-messages';
import { perAddress } from '../contract/policy';
import { artistParamsSchema } from '../catalogue/catalogue.schema';
import { followStateSchema } from './follows.schema';

/**
 * Following an artist (spec 001 §4): an upsert and a delete, each answering the new state. The
 * list of followed artists is the catalogue's (`followedArtists`), since it is a masked read.
 */
export const followsEndpoints = defineEndpoints({
  followArtist: endpoint({
    method: 'POST',
    path: '/api/follows/:artistId',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoFollow },
      limit: perAddress(60, '1 minute'),
    },
    params: artistParamsSchema,
    response: { 200: followStateSchema },
    tags: ['follows'],
  }),
  unfollowArtist: endpoint({
    method: 'DELETE',
    path: '/api/follows/:artistId',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoFollow },
      limit: perAddress(60, '1 minute'),
    },
    params: artistParamsSchema,
    response: { 200: followStateSchema },
    tags: ['follows'],
  }),
});
